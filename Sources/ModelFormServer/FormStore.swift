import ModelForm

/// Where a served form's values live: a database row, a file. `load` returns the values and
/// a version (any text that changes whenever they change); `save` writes new values only if
/// the stored version is still `expected`, and returns the new version, so an edit made
/// against values someone else changed since is refused, never written over them.
///
/// ```swift
/// actor EmployeeStore: FormStore {
///     private var stored = StoredValues(values: .record(["name": .string("Ada")]), version: "1")
///     func load() -> StoredValues { stored }
///     func save(_ values: FormValue, expecting expected: String) throws -> String {
///         guard expected == stored.version else { throw StoreConflict(current: stored) }
///         stored = StoredValues(values: values, version: "\((Int(expected) ?? 0) + 1)")
///         return stored.version
///     }
/// }
/// ```
public protocol FormStore: Sendable {
    /// The current values and their version.
    func load() async throws -> StoredValues
    /// Writes `values` if the stored version is `expected` (else throws ``StoreConflict``);
    /// returns the new version.
    func save(_ values: FormValue, expecting expected: String) async throws -> String
}

/// Values and the version they were read at.
public struct StoredValues: Sendable {
    public var values: FormValue
    public var version: String

    public init(values: FormValue, version: String) {
        self.values = values
        self.version = version
    }
}

/// A save refused because the stored values changed since the expected version.
public struct StoreConflict: Error, Sendable {
    /// What is stored now.
    public var current: StoredValues

    public init(current: StoredValues) { self.current = current }
}

/// Values in memory, for tests and for apps that keep their own copy.
public actor MemoryStore: FormStore {
    private var stored: StoredValues
    private var counter = 1

    public init(values: FormValue) { stored = StoredValues(values: values, version: "1") }

    public func load() -> StoredValues { stored }

    public func save(_ values: FormValue, expecting expected: String) throws -> String {
        guard expected == stored.version else { throw StoreConflict(current: stored) }
        counter += 1
        stored = StoredValues(values: values, version: String(counter))
        return stored.version
    }

    /// Replaces the values as another writer would (tests of lost updates).
    public func replace(_ values: FormValue) {
        counter += 1
        stored = StoredValues(values: values, version: String(counter))
    }
}
