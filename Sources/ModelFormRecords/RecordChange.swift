import ModelForm

/// One change of ``RecordStore/perform(_:)``: a record of `store` updated or deleted, if it
/// is still at the version the editor saw.
///
/// ```swift
/// try await employees.perform([
///     .update(departments, id: research.id, to: renamed, expecting: research.version),
///     .delete(employees, id: ada.id, expecting: ada.version),
/// ])
/// ```
public struct RecordChange: Sendable {
    /// What is done to the record.
    public enum Action: Sendable {
        /// Its values replaced.
        case update(FormValue)
        /// It is deleted.
        case delete
    }

    /// The store of the record's type.
    public var store: any RecordStore
    /// The record's id.
    public var id: Int64
    /// The version the editor saw.
    public var version: Int64
    /// What is done.
    public var action: Action

    /// A change of record `id` of `store`, expected at `version`.
    public init(store: any RecordStore, id: Int64, version: Int64, action: Action) {
        self.store = store
        self.id = id
        self.version = version
        self.action = action
    }

    /// Record `id` of `store` given `values`, if it is still at `version`.
    public static func update(
        _ store: any RecordStore, id: Int64, to values: FormValue, expecting version: Int64
    ) -> RecordChange {
        RecordChange(store: store, id: id, version: version, action: .update(values))
    }

    /// Record `id` of `store` deleted, if it is still at `version`.
    public static func delete(_ store: any RecordStore, id: Int64, expecting version: Int64) -> RecordChange {
        RecordChange(store: store, id: id, version: version, action: .delete)
    }
}

/// The version each record has reached in a batch of changes, so that a later change of a
/// record an earlier one updated expects the version that update left.
package struct BatchVersions {
    private var reached: [String: Int64] = [:]

    package init() {}

    /// The version `change` must find: the one an earlier update left, else its own.
    package func expected(_ change: RecordChange, typeName: String) -> Int64 {
        reached["\(typeName)#\(change.id)"] ?? change.version
    }

    /// Notes the version an update of record `id` left.
    package mutating func updated(_ id: Int64, typeName: String, to version: Int64) {
        reached["\(typeName)#\(id)"] = version
    }
}
