import Foundation
import ModelForm
import ModelFormRecords
import ModelFormYAML
import Testing

/// A PostgreSQL timestamp column is a date-time field (`import` says so): read as the instant
/// it holds (its text's offset applied), to the microsecond; a save of the record's other
/// fields writes it back unchanged, and a new instant is written as it is.
@Suite struct PostgresTimestampTests {
    @Test(.enabled(if: Backend.postgresURL != nil))
    func aTimestampReadsAndWritesBackExactly() async throws {
        let place = try await StorePlace(.postgres)
        defer { Task { await place.close() } }
        try await place.execute(
            """
            CREATE TABLE {shifts} (id serial PRIMARY KEY, name text NOT NULL, starts timestamptz,
              local timestamp without time zone)
            """, table: "shifts")
        try await place.execute(
            """
            INSERT INTO {shifts} (name, starts, local)
              VALUES ('night', '2026-11-27 18:00:00.123456+02', '2026-11-27 09:30:00.5'), ('none', NULL, NULL);
            """, table: "shifts")
        let imported = DatabaseImport(tables: try await place.catalog())
        #expect(try YAMLEmitter.emit(imported.types).contains("starts: Date?\n    local: Date?"))
        #expect(
            try YAMLEmitter.emit(imported.forms).contains(
                "starts:\n      type: datetime\n    local:\n      type: datetime"))
        let configs = ConfigDictionary(
            try TypeDefinitionLoader.load(
                text: "types:\n  shifts: {name: String, starts: Date?, local: Date?}\n", file: "t"))
        let store = try await place.store("shifts", configs)
        let night = try #require(try await store.load(id: 1))
        // 2026-11-27 16:00:00.123456 UTC, and 09:30:00.5 read as UTC.
        #expect(Self.seconds(night.values["starts"]).map { abs($0 - 1_795_795_200.123456) < 0.000_000_5 } == true)
        #expect(Self.seconds(night.values["local"]).map { abs($0 - 1_795_771_800.5) < 0.000_000_5 } == true)
        let before = try await place.rows(
            "SELECT starts::text, local::text FROM {shifts} WHERE id = 1", table: "shifts")
        #expect(before.first?.first?.contains(":00.123456") == true && before.first?.last == "2026-11-27 09:30:00.5")

        // The name changed, the timestamps as read: they stay as they were.
        var renamed = night.values
        try renamed.set(.string("late"), at: FormPath([.key("name")]))
        let saved = try await store.update(id: 1, with: renamed, expecting: night.version)
        #expect(
            try await place.rows("SELECT starts::text, local::text FROM {shifts} WHERE id = 1", table: "shifts")
                == before)
        // A new instant, to the microsecond.
        var moved = saved.values
        try moved.set(.date(Date(timeIntervalSince1970: 1_795_798_800.000_001)), at: FormPath([.key("starts")]))
        _ = try await store.update(id: 1, with: moved, expecting: saved.version)
        #expect(
            try await place.rows("SELECT (starts AT TIME ZONE 'UTC')::text FROM {shifts} WHERE id = 1", table: "shifts")
                == [["2026-11-27 17:00:00.000001"]])
        #expect(try await store.load(id: 2)?.values["starts"] == nil)
    }

    /// A date's seconds since 1970.
    static func seconds(_ value: FormValue?) -> Double? {
        guard case .date(let date)? = value else { return nil }
        return date.timeIntervalSince1970
    }
}
