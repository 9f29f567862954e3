import Foundation
import ModelForm
import ModelFormRecords
import ModelFormServer

/// One record of a database edited from the command line (`modelform edit TYPES --database
/// DB --record ID`, or `--record new`): its form with each lookup a choice among its type's
/// records by title; saved as an update at the version read (someone else's save since is a
/// conflict, nothing written) or as an insert.
struct RecordEditing {
    let typeName: String
    /// The record's id; `nil`: a new record.
    let id: Int64?
    let record: StoredRecord?
    let form: Form<FormValue>
    let store: any RecordStore
    let shown: String
    let close: @Sendable () -> Void

    init(project: Project, database: String, record target: String, environment: CLIEnvironment) throws {
        typeName = project.typeName
        if target == "new" {
            id = nil
        } else if let number = RecordServer.id(target) {
            id = number
        } else {
            throw CLIError("error: --record \(target): a record's id (1, 2, ...) or new")
        }
        let place = try RecordDatabase(database, environment: environment)
        shown = place.shown
        let typeNames = [typeName] + ServeCommand.lookupTargets(project.configs).filter { $0 != project.typeName }
        let opened: (tables: [RecordServer.Table], close: @Sendable () -> Void)
        do { opened = try place.open(typeNames, configs: project.configs) } catch {
            throw CLIError("error: \(place.shown): \(RecordDatabase.message(error))", status: CLIError.ioFailure)
        }
        close = opened.close
        guard let store = opened.tables.first?.records else {
            throw CLIError("error: \(place.shown): no table of \(typeName)", status: CLIError.ioFailure)
        }
        self.store = store
        let server = RecordServer(
            configs: project.configs, environment: project.form.environment, tables: opened.tables,
            secret: CSRFProtection.randomSecret())
        let id = id
        let loaded: (StoredRecord?, ConfigDictionary)
        do {
            loaded = try RecordDatabase.blocking(within: RecordDatabase.connectTimeout) {
                var record: StoredRecord?
                if let id { record = try await store.load(id: id) }
                return (record, try await server.configsWithLookupChoices(for: record?.values))
            }
        } catch {
            opened.close()
            throw CLIError("error: \(place.shown): \(RecordDatabase.message(error))", status: CLIError.ioFailure)
        }
        if let id, loaded.0 == nil {
            opened.close()
            throw CLIError("error: \(place.shown): there is no \(typeName) record \(id)")
        }
        record = loaded.0
        let values = record?.values ?? DefaultValues.record(for: typeName, configs: project.configs)
        form = Form(values: values, configs: loaded.1, typeName: typeName, environment: project.form.environment)
    }

    /// What the record is called in messages: `Employee 7`, `a new Employee`.
    var name: String { id.map { "\(typeName) \($0)" } ?? "a new \(typeName)" }

    /// Writes the edited values: the record's update at the version read, or its insert;
    /// what the command says.
    func save(_ values: FormValue) throws -> String {
        let store = store
        let record = record
        do {
            return try RecordDatabase.blocking(within: RecordDatabase.connectTimeout) {
                if let record {
                    let changes = FormChange.between(record.values, values)
                    guard !changes.isEmpty else { return "no changes" }
                    _ = try await store.update(id: record.id, with: values, expecting: record.version)
                    return "saved \(self.name): " + changes.map(\.path.description).joined(separator: ", ")
                }
                let inserted = try await store.insert(values)
                return "added \(self.typeName) \(inserted.id)"
            }
        } catch RecordStoreError.conflict {
            throw CLIError(
                "error: \(shown): \(name) was changed or deleted by someone else since it was read; nothing was saved (edit it again to see theirs)"
            )
        } catch {
            throw CLIError("error: \(shown): \(RecordDatabase.message(error))", status: CLIError.ioFailure)
        }
    }
}
