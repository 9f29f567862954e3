import ModelForm
import ModelFormRecords
import PostgresNIO

/// Brings a type's table to its layout in PostgreSQL, as SQLite's migration does: creates
/// it, or adds the columns of new properties; a column whose type differs from its
/// property's kind is refused, and nothing is changed. Stores that open the same table at
/// once (processes starting together) each end with it: the one whose `CREATE TABLE` or
/// `ADD COLUMN` loses to another's looks again at what the winner made.
struct PostgresMigration {
    let layout: RecordLayout
    let schema: String
    let table: String
    let answerLimit: Duration

    static func type(of kind: RecordColumn.Kind) -> String {
        switch kind {
        case .text: return "text"
        case .integer: return "bigint"
        case .real: return "double precision"
        case .boolean: return "boolean"
        case .json: return "json"
        }
    }

    /// Where a table keeps a record's id and version.
    struct Shape: Sendable {
        /// The id column: `_id`, or a table's own integer primary key.
        var idColumn = "_id"
        /// `_version`, or `nil` in a table ModelForm did not make: there a record's version
        /// is a digest of its columns.
        var versionColumn: String? = "_version"
        /// Each column's type as SQL (`date`, `character varying(80)`), where a value is
        /// written with a cast to it: in a table ModelForm did not make.
        var casts: [String: String] = [:]
    }

    func apply(_ client: PostgresClient) async throws -> Shape {
        var attempt = 1
        while true {
            do {
                return try await applyOnce(client)
            } catch let error as PSQLError where attempt < 3 && Self.lostToAnother(error) {
                attempt += 1
            }
        }
    }

    /// Whether `error` is another session making the same table, column or type first.
    private static func lostToAnother(_ error: PSQLError) -> Bool {
        // unique_violation (on the catalogue), duplicate_table, duplicate_column, duplicate_object
        ["23505", "42P07", "42701", "42710"].contains(error.serverInfo?[.sqlState] ?? "")
    }

    private func applyOnce(_ client: PostgresClient) async throws -> Shape {
        var existing: [String: String] = [:]
        let lookup: PostgresQuery =
            "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = \(schema) AND table_name = \(layout.typeName)"
        let place = "postgres \(schema).\(layout.typeName)"
        for row in try await client.answer(lookup, place: place, within: answerLimit) {
            let (name, type) = try row.decode((String, String).self)
            existing[name] = type
        }
        guard !existing.isEmpty else {
            var columns: [String] = []
            for column in layout.columns {
                columns.append(
                    ", " + column.key.sqlIdentifier + " " + Self.type(of: column.kind)
                        + (try await reference(column, client)))
            }
            _ = try await client.answer(
                PostgresQuery(
                    unsafeSQL:
                        "CREATE TABLE IF NOT EXISTS \(table) (_id BIGSERIAL PRIMARY KEY, _version BIGINT NOT NULL"
                        + columns.joined() + ")"), place: place, within: answerLimit)
            await searchIndex.apply(client)
            return Shape()
        }
        guard existing["_id"] != nil, existing["_version"] != nil else {
            return try await foreign(client, existing: existing)
        }
        for column in layout.columns {
            let wanted = Self.type(of: column.kind)
            if let declared = existing[column.key] {
                guard declared == wanted else {
                    throw RecordStoreError.incompatibleTable(
                        layout.typeName,
                        reason: "column '\(column.key)' holds \(declared), but the type's '\(column.key)' is \(wanted)")
                }
                continue
            }
            _ = try await client.answer(
                PostgresQuery(
                    unsafeSQL:
                        "ALTER TABLE \(table) ADD COLUMN IF NOT EXISTS \(column.key.sqlIdentifier) \(wanted)"
                        + (try await reference(column, client))),
                place: place, within: answerLimit)
        }
        await searchIndex.apply(client)
        return Shape()
    }

    private var searchIndex: PostgresSearchIndex {
        PostgresSearchIndex(layout: layout, schema: schema, table: table, answerLimit: answerLimit)
    }

    /// A lookup column's foreign key, when the table it names is in the schema and ModelForm
    /// made it (its own table included), as SQLite's: `REFERENCES … ON DELETE RESTRICT`.
    private func reference(_ column: RecordColumn, _ client: PostgresClient) async throws -> String {
        guard let target = column.references else { return "" }
        if target != layout.typeName {
            let query: PostgresQuery =
                "SELECT 1 FROM information_schema.columns WHERE table_schema = \(schema) AND table_name = \(target) AND column_name = '_id'"
            let place = "postgres \(schema).\(layout.typeName)"
            guard try await !client.answer(query, place: place, within: answerLimit).isEmpty else { return "" }
        }
        return " REFERENCES \(schema.sqlIdentifier).\(target.sqlIdentifier)(_id) ON DELETE RESTRICT"
    }

    /// A table another program made, used as it is: never altered.
    private func foreign(_ client: PostgresClient, existing: [String: String]) async throws -> Shape {
        let tables = try await PostgresCatalog.tables(
            client: client, schema: schema, only: layout.typeName, answerLimit: answerLimit)
        guard let id = tables.first(where: { $0.name == layout.typeName })?.columns.first(where: \.isRowID)?.name else {
            throw RecordStoreError.incompatibleTable(
                layout.typeName,
                reason:
                    "it has no integer primary key the database numbers (serial or identity) to tell its records apart (and ModelForm changes no table it did not make)"
            )
        }
        try layout.requireColumns(in: Set(existing.keys))
        var casts: [String: String] = [:]
        let types: PostgresQuery = """
            SELECT a.attname::text, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a
            WHERE a.attrelid = to_regclass(\(table)) AND a.attnum > 0 AND NOT a.attisdropped
            """
        for row in try await client.answer(types, place: "postgres \(schema).\(layout.typeName)", within: answerLimit) {
            let (name, type) = try row.decode((String, String).self)
            casts[name] = type
        }
        return Shape(idColumn: id, versionColumn: nil, casts: casts)
    }
}
