import ModelForm

/// A store of one Swift value (a database row decoded into a `Codable` model): `load`
/// returns the model and its version, `save` writes a model if the stored version is still
/// the expected one (else throws ``StoreConflict``) and returns the new version.
///
/// ```swift
/// actor EmployeeTable: ModelStore {
///     private var row = Employee()
///     private var version = 1
///     func load() -> (model: Employee, version: String) { (row, "\(version)") }
///     func save(_ model: Employee, expecting expected: String) throws -> String {
///         guard expected == "\(version)" else {
///             throw StoreConflict(
///                 current: StoredValues(values: try FormValueEncoder().encode(row), version: "\(version)"))
///         }
///         (row, version) = (model, version + 1)
///         return "\(version)"
///     }
/// }
/// ```
public protocol ModelStore<Model>: Sendable {
    associatedtype Model: Codable & Sendable
    func load() async throws -> (model: Model, version: String)
    func save(_ model: Model, expecting version: String) async throws -> String
}

/// A ``ModelStore`` seen as a ``FormStore``: models are encoded into form values and decoded back.
public struct ModelFormStore<Store: ModelStore>: FormStore {
    public let store: Store

    public init(_ store: Store) { self.store = store }

    public func load() async throws -> StoredValues {
        let (model, version) = try await store.load()
        return StoredValues(values: try FormValueEncoder().encode(model), version: version)
    }

    public func save(_ values: FormValue, expecting expected: String) async throws -> String {
        try await store.save(try FormValueDecoder().decode(Store.Model.self, from: values), expecting: expected)
    }
}

extension FormServer {
    /// A server for a `Codable` model type: its forms inferred from the type, its values in
    /// a ``ModelStore``. Without a secret, a random one is made: enough for one process; give
    /// every instance behind a load balancer the same one.
    ///
    /// ```swift
    /// let server = try FormServer(Employee.self, store: EmployeeTable(), mount: "/employee")
    /// ```
    ///
    /// A type whose decoder refuses every probe value (a `Temperature` that must read
    /// `"180 C"`, an enum with associated values) is described from `sample`, any value of
    /// the model (as `ConfigDictionary(describing:sample:)` does); without one, the error names the
    /// property, the type and what its decoder said. Every save is decoded through the
    /// model's `Decodable` first: what it refuses is a field error, nothing is written.
    ///
    /// - Parameters:
    ///   - type: The model type; its forms are inferred from it.
    ///   - sample: A value of the model, for the types that cannot be probed.
    ///   - store: Loads and saves the model, with a version for conflicts.
    ///   - secret: The CSRF secret (32 bytes or more); random when `nil`.
    ///   - mount: The URL path the form is served under (`""`: the site's root).
    ///   - environment: Cells, theme, transformers and checks.
    public init<Store: ModelStore>(
        _ type: Store.Model.Type, sample: Store.Model? = nil, store: Store, secret: [UInt8]? = nil,
        mount: String = "", environment: FormEnvironment = FormEnvironment()
    ) throws {
        let description =
            try sample.map { sample throws(DescriptionError) in
                try ModelDescription(type: type, sample: sample)
            } ?? ModelDescription(type: type)
        var environment = environment
        environment.validator.addDecodingCheck(type)
        self.init(
            configs: ConfigDictionary(description), typeName: description.root, environment: environment,
            store: ModelFormStore(store),
            secret: secret ?? CSRFProtection.randomSecret(), mount: mount)
    }
}

extension CSRFProtection {
    /// 32 random bytes.
    public static func randomSecret() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}
