import Foundation
import ModelForm
import ModelFormRecords
import ModelFormServer

/// One record of a database edited from the command line (`modelform edit TYPES --database
/// DB --record ID`, `--record new`, or a record opened from the list): its form with each
/// lookup a choice among its type's records by title; saved as an update at the version
/// read (someone else's save since is a conflict, nothing written) or as an insert.
struct RecordEditing {
    let typeName: String
    /// The record's id; `nil`: a new record.
    let id: Int64?
    let record: StoredRecord?
    let form: Form<FormValue>
    let store: any RecordStore
    let workspace: RecordWorkspace

    /// The record `target` names (an id, or `new`) of the workspace's root type.
    init(_ workspace: RecordWorkspace, record target: String) throws {
        if target == "new" {
            try self.init(workspace, id: nil)
        } else if let number = RecordServer.id(target) {
            try self.init(workspace, id: number)
        } else {
            throw CLIError("error: --record \(target): a record's id (1, 2, ...) or new")
        }
    }

    /// Record `id` of the workspace's root type (`nil`: a new record, from the defaults).
    init(_ workspace: RecordWorkspace, id: Int64?) throws {
        self.workspace = workspace
        self.id = id
        let project = workspace.project
        typeName = project.typeName
        guard let store = workspace.server.tables.first(where: { $0.typeName == project.typeName })?.records else {
            throw CLIError("error: \(workspace.shown): no table of \(project.typeName)", status: CLIError.ioFailure)
        }
        self.store = store
        let server = workspace.server
        let loaded = try workspace.run {
            var record: StoredRecord?
            if let id { record = try await store.load(id: id) }
            return (record, try await server.configsWithLookupChoices(for: record?.values))
        }
        if let id, loaded.0 == nil {
            throw CLIError("error: \(workspace.shown): there is no \(typeName) record \(id)")
        }
        record = loaded.0
        let values = record?.values ?? DefaultValues.record(for: typeName, configs: project.configs)
        form = Form(values: values, configs: loaded.1, typeName: typeName, environment: project.form.environment)
    }

    /// What the record is called in messages: `Employee 7`, `a new Employee`.
    var name: String { id.map { "\(typeName) \($0)" } ?? "a new \(typeName)" }

    /// Writes the edited values: the record's update at the version read, or its insert;
    /// what the command says, and the record's id.
    func save(_ values: FormValue) throws -> (message: String, id: Int64?) {
        let store = store
        let record = record
        do {
            return try RecordDatabase.blocking(within: RecordDatabase.connectTimeout) {
                if let record {
                    let changes = FormChange.between(record.values, values)
                    guard !changes.isEmpty else { return ("no changes", record.id) }
                    _ = try await store.update(id: record.id, with: values, expecting: record.version)
                    return (
                        "saved \(self.name): " + changes.map(\.path.description).joined(separator: ", "), record.id
                    )
                }
                let inserted = try await store.insert(values)
                return ("added \(self.typeName) \(inserted.id)", inserted.id)
            }
        } catch RecordStoreError.conflict {
            throw CLIError(
                "error: \(workspace.shown): \(name) was changed or deleted by someone else since it was read; nothing was saved (edit it again to see theirs)"
            )
        } catch {
            throw CLIError("error: \(workspace.shown): \(RecordDatabase.message(error))", status: CLIError.ioFailure)
        }
    }
}
