import Synchronization

/// The schemas references name, by base URI and reference, resolved once for a validator
/// and kept across its validations: resolving parses URIs and walks pointers, which was most
/// of validating a small instance. At most ``limit`` are kept (a schema names finitely many;
/// past that each is resolved again as it is met).
final class ResolvedReferences: Sendable {
    /// The most resolutions kept.
    static let limit = 10_000
    private let targets = Mutex<[String: SchemaRegistry.Target]>([:])

    /// The schema `reference` names against `base`, `nil` when none.
    func target(_ reference: String, against base: String, in registry: SchemaRegistry) -> SchemaRegistry.Target? {
        let key = base + "\u{0}" + reference
        if let known = targets.withLock({ $0[key] }) { return known }
        guard let target = registry.resolve(reference, against: base) else { return nil }
        targets.withLock { if $0.count < Self.limit { $0[key] = target } }
        return target
    }
}
