import Foundation
import ModelForm
import ModelFormRecords
import PostgresNIO

/// A ``/ModelFormRecords/RecordStore`` in PostgreSQL, through postgres-nio: the same tables,
/// rules and errors as `SQLiteRecordStore` (one table per type in `schema`, a column per
/// property, the store's own `_id` and `_version`), for several servers sharing one database.
/// A table another program made is used as it is, never altered, as `SQLiteRecordStore`
/// uses one: its `serial` or identity key is the id, a digest of the row the version, and one
/// `UPDATE` checks and writes.
///
/// The store queries through a `PostgresClient` you create and run: it pools connections,
/// and its options carry a statement timeout. A database that goes away mid-request (or
/// cancels a statement past its timeout, or gives no answer within 10 s, a connection
/// included) is ``/ModelFormRecords/RecordStoreError/unavailable(_:)`` with the server's words; the version check is the `UPDATE`'s own `WHERE`, so nothing is
/// half written.
///
/// ```swift
/// var configuration = PostgresClient.Configuration(
///     host: "127.0.0.1", port: 5432, username: "forms", password: nil, database: "forms", tls: .disable)
/// configuration.options.additionalStartupParameters = [("statement_timeout", "5s")]
/// let client = PostgresClient(configuration: configuration)
/// let running = Task { await client.run() }  // until the app stops: running.cancel()
/// let store = try await PostgresRecordStore.open(client: client, typeName: "Person", configs: configs)
/// ```
public struct PostgresRecordStore: RecordStore {
    private let client: PostgresClient
    private let layout: RecordLayout
    private let table: String
    private let place: String
    private let selection: String
    private let answerLimit: Duration
    private let shape: PostgresMigration.Shape
    /// The id column, quoted.
    private let id: String

    /// Opens (creating or migrating) the table of `typeName` in `schema` (which must exist).
    ///
    /// A statement that has no answer within `answerLimit` (10 s), a connection included, is
    /// ``/ModelFormRecords/RecordStoreError/unavailable(_:)`` at once: a server that went
    /// away leaves the client's pool retrying, and a request would otherwise wait for it to
    /// come back. Keep it longer than the statement timeout, so that the server cancels a
    /// slow statement first; after the limit a statement already sent may still complete.
    public static func open(
        client: PostgresClient, schema: String = "public", typeName: String, configs: ConfigDictionary,
        answerLimit: Duration = .seconds(10)
    ) async throws -> PostgresRecordStore {
        let layout = try RecordLayout(typeName: typeName, configs: configs)
        let table = schema.sqlIdentifier + "." + typeName.sqlIdentifier
        let shape = try await PostgresMigration(
            layout: layout, schema: schema, table: table, answerLimit: answerLimit
        ).apply(client)
        // A text column of a table ModelForm did not make holds an enumeration as its text.
        let texts = shape.casts.filter { $0.value == "text" || $0.value.hasPrefix("character") }.keys
        return PostgresRecordStore(
            client: client, layout: layout.holdingText(Set(texts)), table: table,
            place: "postgres \(schema).\(typeName)", shape: shape,
            answerLimit: answerLimit)
    }

    private init(
        client: PostgresClient, layout: RecordLayout, table: String, place: String, shape: PostgresMigration.Shape,
        answerLimit: Duration
    ) {
        self.answerLimit = answerLimit
        self.client = client
        self.layout = layout
        self.table = table
        self.place = place
        self.shape = shape
        id = shape.idColumn.sqlIdentifier
        selection =
            ([id] + (shape.versionColumn.map { [$0.sqlIdentifier] } ?? [])
            + layout.columns.map {
                $0.key.sqlIdentifier + "::text"
            }).joined(separator: ", ")
    }

    public func count(_ query: RecordQuery) async throws -> Int {
        var statement = Statement("SELECT COUNT(*) FROM \(table)")
        try condition(query, into: &statement)
        return Int(try await rows(statement).first?.decode(Int64.self) ?? 0)
    }

    public func list(_ query: RecordQuery) async throws -> [StoredRecord] {
        var statement = Statement("SELECT \(selection) FROM \(table)")
        try condition(query, into: &statement)
        var order: [String] = []
        for step in query.sort {
            let column = try layout.sortColumn(step.key)
            order.append(column.key.sqlIdentifier + (step.ascending ? " ASC" : " DESC"))
        }
        statement.sql += " ORDER BY " + (order + [id + " ASC"]).joined(separator: ", ")
        if let limit = query.limit { statement.sql += " LIMIT " + statement.bind(Int64(limit)) }
        statement.sql += " OFFSET " + statement.bind(Int64(max(0, query.offset)))
        return try await records(statement, listing: true).map(\.record)
    }

    public func load(id: Int64) async throws -> StoredRecord? {
        try await current(id, on: nil)
    }

    public func insert(_ values: FormValue) async throws -> StoredRecord {
        let columns = try layout.storable(values, place: "\(place): a new \(layout.typeName)")
        var statement = Statement("")
        let version = shape.versionColumn.map { [$0.sqlIdentifier] } ?? []
        let names = (version + layout.columns.map(\.key.sqlIdentifier)).joined(separator: ", ")
        let marks =
            version.map { _ in statement.bind(Int64(1)) }
            + zip(layout.columns, columns).map { statement.bind($1, as: $0.kind) + cast($0) }
        statement.sql =
            "INSERT INTO \(table) (\(names)) VALUES (\(marks.joined(separator: ", "))) RETURNING \(selection)"
        guard let stored = try await records(statement).first?.record else {
            throw RecordStoreError.incompatibleTable(layout.typeName, reason: "the inserted record did not come back")
        }
        return stored
    }

    public func update(id: Int64, with values: FormValue, expecting version: Int64) async throws -> StoredRecord {
        try await update(id: id, columns: try storable(values, id: id), expecting: version, on: nil)
    }

    public func delete(id: Int64, expecting version: Int64) async throws {
        try await delete(id: id, expecting: version, on: nil)
    }

    public func perform(_ changes: [RecordChange]) async throws {
        // Checked before the transaction: each store's database, each update's values.
        let steps: [(PostgresRecordStore, RecordChange, [ColumnValue]?)] = try changes.map { change in
            guard let store = change.store as? PostgresRecordStore, store.client === client else {
                throw RecordStoreError.otherDatabase(
                    (change.store as? PostgresRecordStore)?.place ?? "\(type(of: change.store))")
            }
            switch change.action {
            case .update(let values): return (store, change, try store.storable(values, id: change.id))
            case .delete: return (store, change, nil)
            }
        }
        try await client.transaction(place: place, within: answerLimit) { connection in
            var versions = BatchVersions()
            for (store, change, columns) in steps {
                let version = versions.expected(change, typeName: store.layout.typeName)
                if let columns {
                    let updated = try await store.update(
                        id: change.id, columns: columns, expecting: version, on: connection)
                    versions.updated(change.id, typeName: store.layout.typeName, to: updated.version)
                } else {
                    try await store.delete(id: change.id, expecting: version, on: connection)
                }
            }
        }
    }

    private func storable(_ values: FormValue, id: Int64) throws -> [ColumnValue] {
        try layout.storable(values, place: "\(place) #\(id)")
    }

    /// An update on `connection` (in a transaction), else on a connection of the pool.
    private func update(id: Int64, columns: [ColumnValue], expecting version: Int64, on connection: PostgresConnection?)
        async throws -> StoredRecord
    {
        var statement = Statement("")
        let assignments = zip(layout.columns, columns).map { column, value in
            column.key.sqlIdentifier + " = " + statement.bind(value, as: column.kind) + cast(column)
        }
        var guarded = "\(self.id) = \(statement.bind(id))"
        var versionStep: [String] = []
        if let versionColumn = shape.versionColumn?.sqlIdentifier {
            guarded += " AND \(versionColumn) = \(statement.bind(version))"
            versionStep = ["\(versionColumn) = \(versionColumn) + 1"]
        } else {
            guarded += try await unchanged(id, version, into: &statement, on: connection)
        }
        statement.sql =
            "UPDATE \(table) SET \((assignments + versionStep).joined(separator: ", ")) WHERE \(guarded) RETURNING \(selection)"
        if let updated = try await records(statement, on: connection).first?.record { return updated }
        throw RecordStoreError.conflict(current: try await current(id, on: connection))
    }

    private func delete(id: Int64, expecting version: Int64, on connection: PostgresConnection?) async throws {
        var statement = Statement("DELETE FROM \(table) WHERE \(self.id) = ")
        statement.sql += statement.bind(id)
        if let versionColumn = shape.versionColumn?.sqlIdentifier {
            statement.sql += " AND \(versionColumn) = " + statement.bind(version)
        } else {
            statement.sql += try await unchanged(id, version, into: &statement, on: connection)
        }
        statement.sql += " RETURNING " + self.id
        if try await !rows(statement, on: connection).isEmpty { return }
        throw RecordStoreError.conflict(current: try await current(id, on: connection))
    }

    private func current(_ id: Int64, on connection: PostgresConnection?) async throws -> StoredRecord? {
        var statement = Statement("SELECT \(selection) FROM \(table) WHERE \(self.id) = ")
        statement.sql += statement.bind(id)
        return try await records(statement, on: connection).first?.record
    }

    /// The cast a value written to `column` takes: to the column's own type in a table
    /// ModelForm did not make (a `date` column takes the date's text).
    private func cast(_ column: RecordColumn) -> String {
        shape.casts[column.key].map { "::" + $0 } ?? ""
    }

    /// In a table ModelForm did not make (no version column): the row must be the one the
    /// editor saw, its digest `version` (else a conflict, with the row as it is now), and
    /// still hold the values just read when the statement runs: the `AND` conditions that
    /// say so, each column compared as text, for one statement to check and write at once.
    private func unchanged(
        _ id: Int64, _ version: Int64, into statement: inout Statement, on connection: PostgresConnection?
    ) async throws -> String {
        var read = Statement("SELECT \(selection) FROM \(table) WHERE \(self.id) = ")
        read.sql += read.bind(id)
        let current = try await records(read, on: connection).first
        guard let current, current.record.version == version else {
            throw RecordStoreError.conflict(current: current?.record)
        }
        return zip(layout.columns, current.texts).map { column, text in
            guard let text else { return " AND \(column.key.sqlIdentifier) IS NULL" }
            return " AND \(column.key.sqlIdentifier)::text = \(statement.bind(text))"
        }.joined()
    }

    // MARK: Statements

    /// The rows of `statement` on `connection` (in a transaction), else on a connection of the pool.
    private func rows(_ statement: Statement, on connection: PostgresConnection? = nil) async throws -> [PostgresRow] {
        guard let connection else { return try await client.answer(statement.query, place: place, within: answerLimit) }
        return try await PostgresClient.answer(statement.query, on: connection, place: place)
    }

    /// `WHERE` with the query's search and filters.
    private func condition(_ query: RecordQuery, into statement: inout Statement) throws {
        var conditions: [String] = []
        if let search = query.search, !search.isEmpty {
            let texts = layout.searchColumns
            let pattern = RecordLayout.containsPattern(search)
            // As text: in a table ModelForm did not make, a date or a number is a text field's column.
            let tests = texts.map {
                $0.key.sqlIdentifier + "::text ILIKE " + statement.bind(pattern) + " ESCAPE '\\'"
            }
            conditions.append("(" + (tests.isEmpty ? "FALSE" : tests.joined(separator: " OR ")) + ")")
        }
        for (key, value) in query.filters.sorted(by: { $0.key < $1.key }) {
            let column = try layout.filterColumn(key)
            let stored = layout.columnValue(value, for: column)
            if stored == .null {
                conditions.append(column.key.sqlIdentifier + " IS NULL")
            } else if column.kind == .json || column.kind == .text {
                conditions.append(column.key.sqlIdentifier + "::text = " + statement.bind(stored, as: .text))
            } else {
                conditions.append(column.key.sqlIdentifier + " = " + statement.bind(stored, as: column.kind))
            }
        }
        for (key, item) in query.containing.sorted(by: { $0.key < $1.key }) {
            let (column, value) = try layout.containsColumn(key, item: item)
            // jsonb containment: the list holds the item (`[3]` is in `[1, 3]`).
            let list = statement.bind(JSONValue.array([value]).json)
            conditions.append("(" + column.key.sqlIdentifier + "::jsonb @> " + list + "::jsonb)")
        }
        if !conditions.isEmpty { statement.sql += " WHERE " + conditions.joined(separator: " AND ") }
    }

    /// The records a statement returns, each with its columns' texts as selected.
    /// `listing`: a row the type cannot read is a record with its problem, not an error.
    private func records(_ statement: Statement, on connection: PostgresConnection? = nil, listing: Bool = false)
        async throws -> [(
            record: StoredRecord, texts: [String?]
        )]
    {
        var result: [(record: StoredRecord, texts: [String?])] = []
        let versioned = shape.versionColumn != nil
        for row in try await rows(statement, on: connection) {
            let cells = Array(row)
            let id = try cells[0].decode(Int64.self)
            let texts = try cells.dropFirst(versioned ? 2 : 1).map { try $0.decode(String?.self) }
            let values = zip(layout.columns, texts).map { Self.columnValue($1, as: $0.kind) }
            let version = versioned ? try cells[1].decode(Int64.self) : RecordLayout.digest(values)
            let record =
                listing
                ? layout.listed(id: id, version: version, row: values, place: "\(place) #\(id)")
                : StoredRecord(id: id, version: version, values: try layout.values(values, place: "\(place) #\(id)"))
            result.append((record, texts))
        }
        return result
    }

    /// A column's text (every column is selected `::text`) as the column holds it.
    static func columnValue(_ text: String?, as kind: RecordColumn.Kind) -> ColumnValue {
        guard let text else { return .null }
        switch kind {
        case .boolean: return .integer(text == "t" || text == "true" ? 1 : 0)
        case .integer: return Int64(text).map(ColumnValue.integer) ?? .text(text)
        case .real: return Double(text).map(ColumnValue.real) ?? .text(text)
        case .text, .json: return .text(text)
        }
    }
}

/// SQL with its parameters, bound as `$1`, `$2`...
struct Statement {
    var sql: String
    var bindings = PostgresBindings()

    init(_ sql: String) { self.sql = sql }

    var query: PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: bindings) }

    /// Binds `value`; returns its placeholder.
    mutating func bind(_ value: some PostgresNonThrowingEncodable & Sendable) -> String {
        bindings.append(value)
        return "$\(bindings.count)"
    }

    /// Binds a column's value as its kind takes it; returns its placeholder.
    mutating func bind(_ value: ColumnValue, as kind: RecordColumn.Kind) -> String {
        switch (value, kind) {
        case (.null, _):
            bindings.appendNull()
            return "$\(bindings.count)" + (kind == .json ? "::json" : "")
        case (.integer(let number), .boolean): return bind(number != 0)
        case (.integer(let number), _): return bind(number)
        case (.real(let number), _): return bind(number)
        case (.text(let text), .json): return bind(text) + "::json"
        case (.text(let text), .integer): return bind(text) + "::bigint"
        case (.text(let text), _): return bind(text)
        }
    }
}
