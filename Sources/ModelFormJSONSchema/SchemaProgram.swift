import ModelForm
import Synchronization

/// A validator's compiled schemas: the root, compiled when the validator is made, and each
/// schema a reference reaches, compiled the first time a validation follows it and kept for
/// every later one (and the validator's copies). At most ``limit`` referenced schemas are
/// kept (a schema names finitely many); past that, a reference to one not kept compiles it
/// each time it is followed, and keeps nothing, so memory stays bounded.
final class SchemaProgram: Sendable {
    /// The most referenced schemas kept (10,000; less in tests).
    let limit: Int
    let registry: SchemaRegistry
    /// The root schema compiled; `nil` when the root URI names nothing.
    let root: CompiledSchema?
    private let targets = Mutex<[String: CompiledSchema]>([:])
    /// The references followed so far: a schema that refers to itself holds itself through
    /// them, and they let go of their targets when the program ends.
    private let followed = Mutex<[ReferenceSlot]>([])

    init(registry: SchemaRegistry, rootURI: String, limit: Int) {
        self.registry = registry
        self.limit = limit
        root = registry.resolve(rootURI, against: rootURI).map { target in
            CompiledSchema(
                target.schema,
                scope: .init(registry: registry, base: target.base, draft: target.draft, draft4: false),
                depth: 0, entered: true, isRoot: true)
        }
    }

    /// How many referenced schemas are kept by name.
    var compiledTargets: Int { targets.withLock(\.count) }

    deinit {
        followed.withLock { slots in
            for slot in slots { slot.release() }
        }
    }

    /// The schema `reference` names against `base`, compiled, and whether it is kept; `nil`
    /// when it names none.
    func target(_ reference: String, against base: String, draft4: Bool) -> (schema: CompiledSchema, isKept: Bool)? {
        let key = (draft4 ? "4" : "") + base + "\u{0}" + reference
        if let known = targets.withLock({ $0[key] }) { return (known, true) }
        guard let target = registry.resolve(reference, against: base) else { return nil }
        let compiled = CompiledSchema(
            target.schema, scope: .init(registry: registry, base: target.base, draft: target.draft, draft4: draft4),
            depth: 0, entered: true)
        return targets.withLock { targets in
            if let known = targets[key] { return (known, true) }
            guard targets.count < limit else { return (compiled, false) }
            targets[key] = compiled
            return (compiled, true)
        }
    }

    fileprivate func remember(_ slot: ReferenceSlot) { followed.withLock { $0.append(slot) } }
}

/// A `$ref`, resolved and compiled the first time a validation follows it.
final class ReferenceSlot: Sendable {
    let reference: String
    let base: String
    let draft4: Bool
    private let resolved = Mutex<CompiledSchema?>(nil)

    init(_ reference: String, scope: CompiledSchema.Scope) {
        self.reference = reference
        base = scope.base
        draft4 = scope.draft4
    }

    /// The schema the reference names, compiled; `nil` when it names none. Kept when the
    /// program keeps it.
    func target(in program: SchemaProgram) -> CompiledSchema? {
        if let known = resolved.withLock({ $0 }) { return known }
        guard let found = program.target(reference, against: base, draft4: draft4) else { return nil }
        let target = found.schema
        guard found.isKept else { return target }
        let isFirst = resolved.withLock { resolved in
            defer { resolved = target }
            return resolved == nil
        }
        if isFirst { program.remember(self) }
        return target
    }

    fileprivate func release() { resolved.withLock { $0 = nil } }
}

/// A `$dynamicRef`: its anchor's name when it lands on a `$dynamicAnchor`, found when compiled.
struct DynamicReference: Sendable {
    let reference: ReferenceSlot
    /// The anchor the dynamic scope is searched for; `nil` when the reference is a plain one.
    let anchor: String?

    init(_ reference: String, scope: CompiledSchema.Scope) {
        self.reference = ReferenceSlot(reference, scope: scope)
        let absolute = URIs.resolve(reference, against: scope.base)
        if let name = URIs.fragment(absolute), !name.isEmpty, !name.hasPrefix("/"),
            scope.registry.isDynamicAnchor(absolute)
        {
            anchor = name
        } else {
            anchor = nil
        }
    }
}
