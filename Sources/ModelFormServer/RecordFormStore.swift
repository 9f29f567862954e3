import ModelForm
import ModelFormRecords

/// One record of a ``/ModelFormRecords/RecordStore`` as the ``FormStore`` of a served form:
/// its page edits that record, a save updates it at the version the page was drawn at, and
/// a save over someone else's change is the server's conflict page, as for any store.
///
/// ```swift
/// let record = RecordFormStore(records: store, id: ada.id)
/// let server = FormServer(configs: configs, typeName: "Person", store: record, secret: secret, mount: "/people/1")
/// ```
public struct RecordFormStore: FormStore {
    /// The table.
    public let records: any RecordStore
    /// The record's id.
    public let id: Int64
    /// The record as this request already read it (a ``RecordServer``'s, for its lookups),
    /// which ``load()`` returns instead of reading it again.
    let read: StoredRecord?

    /// The record `id` of `records`.
    public init(records: any RecordStore, id: Int64) {
        self.init(records: records, id: id, read: nil)
    }

    /// The record `id` of `records`, as the request read it.
    init(records: any RecordStore, id: Int64, read: StoredRecord?) {
        self.records = records
        self.id = id
        self.read = read
    }

    public func load() async throws -> StoredValues {
        var record = read
        if record == nil { record = try await records.load(id: id) }
        guard let record else { throw RecordStoreError.conflict(current: nil) }
        return StoredValues(values: record.values, version: String(record.version))
    }

    public func save(_ values: FormValue, expecting expected: String) async throws -> String {
        guard let version = Int64(expected) else { throw try await conflict() }
        do {
            return String(try await records.update(id: id, with: values, expecting: version).version)
        } catch RecordStoreError.conflict(let current?) {
            throw StoreConflict(current: StoredValues(values: current.values, version: String(current.version)))
        }
    }

    private func conflict() async throws -> StoreConflict {
        StoreConflict(current: try await load())
    }
}
