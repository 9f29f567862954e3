import ModelForm

/// Many records of one type in a database: listed with search, filters, sort and pages,
/// counted, loaded by id, inserted, updated only at the version the editor saw, and
/// deleted. ``StoredRecord/values`` are a form's values (`Form(values:configs:)` edits one).
///
/// Implementations: `SQLiteRecordStore` (ModelFormSQLite), the embedded default.
///
/// ```swift
/// let store = try SQLiteRecordStore(path: path, typeName: "Person", configs: configs)
/// let ada = try await store.insert(.record(["name": .string("Ada"), "age": .int(36)]))
/// let firstPage = try await store.list(RecordQuery(search: "ad", sort: [RecordSort("name")]))
/// ```
public protocol RecordStore: Sendable {
    /// How many records `query` matches (its search and filters; not its page).
    func count(_ query: RecordQuery) async throws -> Int
    /// The records `query` matches, sorted, one page of them. A row the type cannot read
    /// (a value another program wrote, PostgreSQL's `infinity` in a date) is listed with its
    /// ``StoredRecord/problem`` and its columns' values as they are, not typed: the rest of
    /// the list is still read.
    func list(_ query: RecordQuery) async throws -> [StoredRecord]
    /// The record with `id`, or `nil`; a row the type cannot read is an error that says why.
    func load(id: Int64) async throws -> StoredRecord?
    /// Adds a record; returns it with its new id and version 1.
    func insert(_ values: FormValue) async throws -> StoredRecord
    /// Replaces a record's values if its version is still `version` (else throws
    /// ``RecordStoreError/conflict(current:)`` and changes nothing); returns it at its new
    /// version.
    func update(id: Int64, with values: FormValue, expecting version: Int64) async throws -> StoredRecord
    /// Deletes a record if its version is still `version` (else throws
    /// ``RecordStoreError/conflict(current:)``).
    func delete(id: Int64, expecting version: Int64) async throws
    /// Carries out `changes` in order, in one transaction: every one, or (a record changed
    /// since its version, any error) none. They may change records of other types in the
    /// same database: stores opened with `SQLiteRecordStore(sharing:typeName:configs:)`, or
    /// on the same `PostgresClient`; a store of another database is
    /// ``RecordStoreError/otherDatabase(_:)`` before anything is done. A change of a record
    /// an earlier change updated expects the version that update left.
    ///
    /// ```swift
    /// try await employees.perform([
    ///     .update(employees, id: ada.id, to: withoutManager, expecting: ada.version),
    ///     .delete(departments, id: research.id, expecting: research.version),
    /// ])
    /// ```
    func perform(_ changes: [RecordChange]) async throws
}

/// A record as stored: its id, its version (1 when inserted, one more on every update) and
/// its values.
public struct StoredRecord: Sendable, Equatable {
    /// The record's id, given by the store.
    public var id: Int64
    /// Changes whenever the record does.
    public var version: Int64
    /// The values, a record of the store's type.
    public var values: FormValue
    /// Why the type cannot read the row (`people.sqlite: Person #3: 'age': expected a whole
    /// number`), for a record ``RecordStore/list(_:)`` listed anyway: its ``values`` are its
    /// columns' as stored, not typed, to show; nothing is written from them. `nil` for a
    /// record read whole.
    public var problem: String?

    /// A record.
    public init(id: Int64, version: Int64, values: FormValue, problem: String? = nil) {
        self.id = id
        self.version = version
        self.values = values
        self.problem = problem
    }

    /// The values as the Swift model the store's type was described from.
    ///
    /// ```swift
    /// let ada = try await store.insert(try FormValueEncoder().encode(Person(name: "Ada", age: 36)))
    /// let person = try ada.decoded(as: Person.self)
    /// ```
    public func decoded<Model: Decodable>(as type: Model.Type) throws -> Model {
        try FormValueDecoder().decode(type, from: values)
    }
}

/// Which records a list shows, in what order, which page.
public struct RecordQuery: Sendable, Equatable {
    /// Text every matching record has in one of its text fields (case-insensitive for
    /// ASCII), or `nil` for all.
    public var search: String?
    /// Fields that must hold exactly a value (a scalar field's key and the value).
    public var filters: [String: FormValue]
    /// List fields that must hold a value among their items (a list field's key and a
    /// number, text or Boolean): the records whose to-many lookup `tags` includes record 3
    /// are `containing: ["tags": .int(3)]`.
    public var containing: [String: FormValue]
    /// The order: by these fields in turn, then by id.
    public var sort: [RecordSort]
    /// How many matching records to skip.
    public var offset: Int
    /// The most records to return (`nil`: all of them).
    public var limit: Int?

    /// A query; by default every record, by id, the first 50.
    public init(
        search: String? = nil, filters: [String: FormValue] = [:], containing: [String: FormValue] = [:],
        sort: [RecordSort] = [], offset: Int = 0, limit: Int? = 50
    ) {
        self.search = search
        self.filters = filters
        self.containing = containing
        self.sort = sort
        self.offset = offset
        self.limit = limit
    }
}

/// One step of a list's order.
public struct RecordSort: Sendable, Equatable {
    /// A scalar field's key.
    public var key: String
    /// Smallest first when `true`.
    public var ascending: Bool

    /// Sorted by `key`.
    public init(_ key: String, ascending: Bool = true) {
        self.key = key
        self.ascending = ascending
    }
}

/// Why a store refused.
public enum RecordStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The record changed (or was deleted: `current` is `nil`) since the version given.
    case conflict(current: StoredRecord?)
    /// A filter or sort names something that is not a scalar field of the type.
    case unknownField(String, typeName: String)
    /// The table does not fit the type and cannot be made to without losing data.
    case incompatibleTable(String, reason: String)
    /// The values hold a key the type has no field for.
    case unstoredKey(String, typeName: String)
    /// The database cannot be used now (unreachable, closed, locked by another writer past
    /// the wait, read-only, full): nothing was changed, and the same request may succeed
    /// later. Servers answer 503.
    case unavailable(String)
    /// The database's foreign key refused the change: a lookup names a record that is not
    /// there (deleted meanwhile), or a record others refer to was to be deleted. Nothing
    /// was changed.
    case referenced(String)
    /// ``RecordStore/perform(_:)`` was given a change to a record of another database (or of
    /// the same SQLite file through other connections: open its stores with
    /// `SQLiteRecordStore(sharing:typeName:configs:)`): one transaction cannot hold both.
    /// Nothing was changed.
    case otherDatabase(String)
    /// A stored row the type cannot read (a value another program wrote): the record
    /// (`people.sqlite: Person #3`), the column its value is in (`nil` where no one column
    /// is to blame) and why. Lists show such a row with its ``StoredRecord/problem``.
    case unreadable(String, column: String?, reason: String)

    public var description: String {
        switch self {
        case .conflict(let current?):
            return "record #\(current.id) was changed by someone else (now at version \(current.version))"
        case .conflict(nil): return "the record was deleted by someone else"
        case .unknownField(let key, let typeName):
            return "'\(key)' is not a field of '\(typeName)' that a list can filter or sort by"
        case .incompatibleTable(let table, let reason):
            return "table '\(table)' does not fit its type: \(reason); nothing was changed"
        case .unstoredKey(let key, let typeName): return "'\(key)' is not a field of '\(typeName)'"
        case .unavailable(let reason): return "the database is unavailable: \(reason)"
        case .referenced(let reason):
            return "the database refused it: a record it refers to is gone, or others refer to it (\(reason))"
        case .otherDatabase(let store):
            return
                "the changes cannot be one transaction: \(store) is another database, or the same file through other connections (open its stores with SQLiteRecordStore(sharing:))"
        case .unreadable(let record, let column?, let reason):
            return "\(record) cannot be read: column \(column.sqlIdentifier): \(reason)"
        case .unreadable(let record, nil, let reason): return "\(record) cannot be read: \(reason)"
        }
    }
}
