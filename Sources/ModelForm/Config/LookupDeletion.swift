/// What deleting a record does to the records whose lookup holds it (``Field/onDelete``),
/// as Django's `on_delete` says it: `PROTECT`, `CASCADE`, `SET_NULL`.
///
/// ```swift
/// try configs["Badge"]?.update("holder") { $0.onDelete = LookupDeletion.cascade }
/// ```
public enum LookupDeletion: String, Hashable, Sendable, CaseIterable {
    /// The delete is refused while any record holds it.
    case refuse
    /// Those records are deleted too (and theirs, by their own lookups' policies).
    case cascade
    /// Their lookup is cleared: set to nothing, or the id taken out of a to-many lookup.
    case clear
}
