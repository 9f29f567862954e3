import Foundation
import GRDB
import ModelForm
import ModelFormRecords

/// A ``/ModelFormRecords/RecordStore`` in SQLite, through GRDB: one table per type, named
/// by the type, with a column per property (named by its key; text, numbers and Booleans
/// as such, everything else as JSON text) and the store's own `_id` and `_version`.
///
/// A table another program made (no `_id` and `_version`; what `modelform import
/// --database` reads) is used as it is, never altered: its integer primary key is the id,
/// it needs a column per property, and a record's version is a digest of its columns, so a
/// save or delete over a row changed since it was read is a conflict there too.
///
/// A search of three characters or more reads its matches from a trigram index
/// (FTS5's `trigram` tokenizer, kept current by triggers) rather than every row. Ids are never reused (`AUTOINCREMENT`): a page still open on a deleted record cannot save
/// over a newer one. Opening creates the table, or adds a column for each property the type
/// gained (existing rows read the new property's default); a column whose kind changed is an error, and
/// nothing is dropped or rewritten. Every statement is parameterised; names are quoted.
/// A file opens in WAL mode (readers do not wait for a writer); saves are serialised by
/// SQLite, so several processes may share the file. A write is answered once it is durable
/// (`synchronous = FULL`: the log is synced at each commit), and the writes that arrive
/// while one commits share the next commit and its sync (group commit), each in a savepoint
/// of its own, so that one write's failure is its own.
///
/// ```swift
/// let store = try SQLiteRecordStore(path: path, typeName: "Person", configs: configs)
/// let ada = try await store.insert(.record(["name": .string("Ada"), "age": .int(36)]))
/// let older = try await store.update(
///     id: ada.id, with: .record(["name": .string("Ada"), "age": .int(37)]), expecting: ada.version)
/// ```
public final class SQLiteRecordStore: RecordStore {
    private let writer: any DatabaseWriter
    /// The writes of every store on `writer`, committed together.
    private let group: SQLiteGroupCommit
    private let layout: RecordLayout
    private let table: String
    private let file: String
    private let shape: SQLiteMigration.Shape
    /// The id column, quoted.
    private let id: String

    /// Opens (creating or migrating) the table of `typeName` in the database at `path`
    /// (`:memory:` for a private one that lives as long as the store).
    public convenience init(path: String, typeName: String, configs: ConfigDictionary) throws {
        var configuration = Configuration()
        // Another process's write is waited for, up to 5 s; past that the store is unavailable.
        configuration.busyMode = .callback(SQLiteBusyWait.callback(limit: Self.busyTimeout))
        let writer: any DatabaseWriter
        if path == ":memory:" {
            writer = try DatabaseQueue()
        } else {
            writer = try DatabasePool(path: path, configuration: configuration)
            // GRDB sets NORMAL with WAL, which syncs at checkpoints only: a power cut could
            // take back saves already answered. Only the writer's connection commits.
            try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        }
        try self.init(
            writer: writer, group: SQLiteGroupCommit(writer: writer), file: path, typeName: typeName, configs: configs)
    }

    /// Opens (creating or migrating) the table of `typeName` in the database `other` uses,
    /// through the same connections: the tables of related types (a lookup's) in one file,
    /// or in one `:memory:` database.
    ///
    /// ```swift
    /// let employees = try SQLiteRecordStore(path: path, typeName: "Employee", configs: configs)
    /// let departments = try SQLiteRecordStore(sharing: employees, typeName: "Department", configs: configs)
    /// ```
    public convenience init(sharing other: SQLiteRecordStore, typeName: String, configs: ConfigDictionary) throws {
        try self.init(writer: other.writer, group: other.group, file: other.file, typeName: typeName, configs: configs)
    }

    private init(
        writer: any DatabaseWriter, group: SQLiteGroupCommit, file: String, typeName: String, configs: ConfigDictionary
    ) throws {
        let layout = try RecordLayout(typeName: typeName, configs: configs)
        table = typeName.sqlIdentifier
        self.file = file
        self.writer = writer
        self.group = group
        let shape = try writer.write { db in try SQLiteMigration(layout: layout).apply(db) }
        if shape.versionColumn != nil { try SQLiteIDsNeverReused(typeName: typeName).apply(writer) }
        self.shape = shape
        self.layout = layout.holdingText(shape.textColumns)
        id = shape.idColumn.sqlIdentifier
    }

    public func count(_ query: RecordQuery) async throws -> Int {
        try await read { db in
            let (condition, arguments) = try self.whereClause(query, db)
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(self.table)\(condition)", arguments: arguments)
                ?? 0
        }
    }

    public func list(_ query: RecordQuery) async throws -> [StoredRecord] {
        var order: [String] = []
        for step in query.sort {
            let column = try layout.sortColumn(step.key)
            order.append(column.key.sqlIdentifier + (step.ascending ? " ASC" : " DESC"))
        }
        let ordering = " ORDER BY " + (order + [id + " ASC"]).joined(separator: ", ") + " LIMIT ? OFFSET ?"
        let page: StatementArguments = [query.limit.map(Int64.init) ?? -1, Int64(max(0, query.offset))]
        return try await read { db in
            let (condition, arguments) = try self.whereClause(query, db)
            return try Row.fetchAll(
                db, sql: "SELECT * FROM \(self.table)\(condition)\(ordering)", arguments: arguments + page
            ).map { row in
                let (id, version, values) = self.columns(row)
                return self.layout.listed(
                    id: id, version: version, row: values, place: "\(self.file): \(self.layout.typeName) #\(id)")
            }
        }
    }

    public func load(id: Int64) async throws -> StoredRecord? {
        try await read { db in try self.current(id, db) }
    }

    public func insert(_ values: FormValue) async throws -> StoredRecord {
        let columns = try layout.storable(values, place: "\(file): a new \(layout.typeName)")
        return try await write { db in
            let version = self.shape.versionColumn.map { [($0.sqlIdentifier, Int64(1).databaseValue)] } ?? []
            let names = (version.map(\.0) + self.layout.columns.map(\.key.sqlIdentifier)).joined(separator: ", ")
            let marks = Array(repeating: "?", count: columns.count + version.count).joined(separator: ", ")
            try db.execute(
                sql: "INSERT INTO \(self.table) (\(names)) VALUES (\(marks))",
                arguments: StatementArguments(version.map(\.1) + columns.map(Self.databaseValue)))
            guard let stored = try self.current(db.lastInsertedRowID, db) else {
                throw DatabaseError(message: "the inserted record could not be read back")
            }
            return stored
        }
    }

    public func update(id: Int64, with values: FormValue, expecting version: Int64) async throws -> StoredRecord {
        let columns = try storable(values, id: id)
        return try await write { db in try self.update(id: id, columns: columns, expecting: version, db) }
    }

    public func delete(id: Int64, expecting version: Int64) async throws {
        try await write { db in try self.delete(id: id, expecting: version, db) }
    }

    public func perform(_ changes: [RecordChange]) async throws {
        // Checked before the transaction: each store's database, each update's values.
        let steps: [(SQLiteRecordStore, RecordChange, [ColumnValue]?)] = try changes.map { change in
            guard let store = change.store as? SQLiteRecordStore, store.writer === writer else {
                let other = change.store as? SQLiteRecordStore
                throw RecordStoreError.otherDatabase(
                    other.map { "\($0.file): \($0.layout.typeName)" } ?? "\(type(of: change.store))")
            }
            switch change.action {
            case .update(let values): return (store, change, try store.storable(values, id: change.id))
            case .delete: return (store, change, nil)
            }
        }
        try await write { db in
            var versions = BatchVersions()
            for (store, change, columns) in steps {
                let version = versions.expected(change, typeName: store.layout.typeName)
                if let columns {
                    let updated = try store.update(id: change.id, columns: columns, expecting: version, db)
                    versions.updated(change.id, typeName: store.layout.typeName, to: updated.version)
                } else {
                    try store.delete(id: change.id, expecting: version, db)
                }
            }
        }
    }

    private func storable(_ values: FormValue, id: Int64) throws -> [ColumnValue] {
        try layout.storable(values, place: "\(file): \(layout.typeName) #\(id)")
    }

    private func update(id: Int64, columns: [ColumnValue], expecting version: Int64, _ db: Database) throws
        -> StoredRecord
    {
        let assignments = layout.columns.map { $0.key.sqlIdentifier + " = ?" }
        let arguments = columns.map(Self.databaseValue) + [id.databaseValue]
        guard let versionColumn = shape.versionColumn?.sqlIdentifier else {
            // A table ModelForm did not make: the row as it is now must be the one the
            // editor saw (its digest), checked and written in one write transaction.
            let before = try current(id, db)
            guard let before, before.version == version else { throw RecordStoreError.conflict(current: before) }
            try db.execute(
                sql: "UPDATE \(table) SET \(assignments.joined(separator: ", ")) WHERE \(self.id) = ?",
                arguments: StatementArguments(arguments))
            return try current(id, db) ?? before
        }
        try db.execute(
            sql:
                "UPDATE \(table) SET \((assignments + ["\(versionColumn) = \(versionColumn) + 1"]).joined(separator: ", ")) WHERE \(self.id) = ? AND \(versionColumn) = ?",
            arguments: StatementArguments(arguments + [version.databaseValue]))
        let current = try current(id, db)
        guard db.changesCount == 1, let current else { throw RecordStoreError.conflict(current: current) }
        return current
    }

    private func delete(id: Int64, expecting version: Int64, _ db: Database) throws {
        guard let versionColumn = shape.versionColumn?.sqlIdentifier else {
            let before = try current(id, db)
            guard let before, before.version == version else { throw RecordStoreError.conflict(current: before) }
            try db.execute(sql: "DELETE FROM \(table) WHERE \(self.id) = ?", arguments: [id])
            return
        }
        try db.execute(
            sql: "DELETE FROM \(table) WHERE \(self.id) = ? AND \(versionColumn) = ?", arguments: [id, version])
        guard db.changesCount == 1 else { throw RecordStoreError.conflict(current: try current(id, db)) }
    }

    // MARK: Availability

    /// How long a write waits for another connection's (another process's) to end: 5 s.
    static let busyTimeout: TimeInterval = 5

    /// The result codes of a database that cannot be used now, rather than of a mistake.
    private static let unavailableCodes: [ResultCode] = [
        .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_PERM,
    ]

    private func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do { return try await writer.read(body) } catch let error as DatabaseError { throw classified(error) }
    }

    private func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do { return try await group.write(body) } catch let error as DatabaseError { throw classified(error) }
    }

    /// How many transactions the writes of the stores on this database have committed, and
    /// how many writes wait for their answer (the group commit's tests read them).
    package var committed: (transactions: Int, unanswered: Int) { (group.commits, group.unanswered) }

    /// The writer connection's `PRAGMA synchronous` (2 is FULL).
    package func synchronous() async throws -> Int {
        try await writer.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
    }

    /// ``RecordStoreError/unavailable(_:)`` for a database that cannot be used now; else the error.
    private func classified(_ error: DatabaseError) -> any Error {
        // A RESTRICT key's refusal of a delete comes without the extended code.
        if error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY
            || error.resultCode == .SQLITE_CONSTRAINT && error.message?.hasPrefix("FOREIGN KEY") == true
        {
            return RecordStoreError.referenced("\(file): \(error.message ?? "FOREIGN KEY constraint failed")")
        }
        guard Self.unavailableCodes.contains(error.resultCode) else { return error }
        return RecordStoreError.unavailable("\(file): \(error.message ?? error.resultCode.description)")
    }

    // MARK: Rows

    private func current(_ id: Int64, _ db: Database) throws -> StoredRecord? {
        try Row.fetchOne(db, sql: "SELECT * FROM \(table) WHERE \(self.id) = ?", arguments: [id]).map(record)
    }

    private func record(_ row: Row) throws -> StoredRecord {
        let (id, version, values) = columns(row)
        return StoredRecord(
            id: id, version: version, values: try layout.values(values, place: "\(file): \(layout.typeName) #\(id)"))
    }

    /// A row's id, version (a digest of its columns where the table keeps none) and columns.
    private func columns(_ row: Row) -> (Int64, Int64, [ColumnValue]) {
        let id: Int64 = row[shape.idColumn]
        let values = layout.columns.map { column in Self.columnValue(row[column.key] as DatabaseValue) }
        return (id, shape.versionColumn.map { row[$0] } ?? RecordLayout.digest(values), values)
    }

    /// `WHERE` with the query's search and filters, and their arguments.
    private func whereClause(_ query: RecordQuery, _ db: Database) throws -> (String, StatementArguments) {
        var conditions: [String] = []
        var arguments: [DatabaseValue] = []
        if let search = query.search, !search.isEmpty {
            let texts = layout.searchColumns
            if let index = shape.searchIndex,
                let (narrowing, phrase) = try SQLiteSearchIndex.narrowing(index, search: search, idColumn: id, db)
            {
                conditions.append(narrowing)
                arguments.append(phrase)
            }
            let pattern = RecordLayout.containsPattern(search)
            conditions.append(
                "(" + texts.map { $0.key.sqlIdentifier + " LIKE ? ESCAPE '\\'" }.joined(separator: " OR ")
                    + (texts.isEmpty ? "0" : "") + ")")
            arguments += Array(repeating: pattern.databaseValue, count: texts.count)
        }
        for (key, value) in query.filters.sorted(by: { $0.key < $1.key }) {
            let column = try layout.filterColumn(key)
            let stored = layout.columnValue(value, for: column)
            if stored == .null {
                conditions.append(column.key.sqlIdentifier + " IS NULL")
            } else {
                conditions.append(column.key.sqlIdentifier + " = ?")
                arguments.append(Self.databaseValue(stored))
            }
        }
        for (key, item) in query.containing.sorted(by: { $0.key < $1.key }) {
            let (column, value) = try layout.containsColumn(key, item: item)
            // `json_each` gives each item's JSON type and its SQL value: `3` is integer 3, `true` is type true.
            conditions.append(
                "EXISTS (SELECT 1 FROM json_each(\(column.key.sqlIdentifier)) WHERE json_each.type = ? AND json_each.atom IS ?)"
            )
            switch value {
            case .bool(let flag): arguments += [(flag ? "true" : "false").databaseValue, (flag ? 1 : 0).databaseValue]
            case .string(let text): arguments += ["text".databaseValue, text.databaseValue]
            case .number(let number):
                if let whole = Int64(number.text) {
                    arguments += ["integer".databaseValue, whole.databaseValue]
                } else {
                    arguments += ["real".databaseValue, number.double.databaseValue]
                }
            default: break
            }
        }
        return (
            conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), StatementArguments(arguments)
        )
    }

    static func databaseValue(_ value: ColumnValue) -> DatabaseValue {
        switch value {
        case .null: return .null
        case .integer(let number): return number.databaseValue
        case .real(let number): return number.databaseValue
        case .text(let text): return text.databaseValue
        }
    }

    static func columnValue(_ value: DatabaseValue) -> ColumnValue {
        switch value.storage {
        case .null: return .null
        case .int64(let number): return .integer(number)
        case .double(let number): return .real(number)
        case .string(let text): return .text(text)
        case .blob(let data): return .text(String(decoding: data, as: UTF8.self))
        }
    }
}
