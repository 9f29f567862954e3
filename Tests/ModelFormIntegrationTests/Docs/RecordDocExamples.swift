import Foundation
import Hummingbird
import ModelForm
import ModelFormHummingbird
import ModelFormPostgres
import ModelFormRecords
import ModelFormSQLite
import ModelFormServer
import PostgresNIO
import Testing

/// The record store's examples (its `///` comments and the Records article), each compiled
/// and run here on a SQLite file.
@Suite struct RecordDocExamples {
    struct Person: Codable {
        var name = ""
        var age = 0
    }

    static func temporaryFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("people-\(UUID()).sqlite").path
    }

    @Test func recordStores() async throws {
        let path = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let configs = try ConfigDictionary(describing: Person.self)
        // doc: Sources/ModelFormRecords/RecordStore.swift
        let store = try SQLiteRecordStore(path: path, typeName: "Person", configs: configs)
        let ada = try await store.insert(.record(["name": .string("Ada"), "age": .int(36)]))
        let firstPage = try await store.list(RecordQuery(search: "ad", sort: [RecordSort("name")]))
        // end doc
        #expect(firstPage.map(\.id) == [ada.id])
        do {
            let store = try SQLiteRecordStore(path: ":memory:", typeName: "Person", configs: configs)
            // doc: Sources/ModelFormRecords/RecordStore.swift
            let ada = try await store.insert(try FormValueEncoder().encode(Person(name: "Ada", age: 36)))
            let person = try ada.decoded(as: Person.self)
            // end doc
            #expect(person.name == "Ada" && person.age == 36)
        }
        do {
            let path = Self.temporaryFile()
            defer { try? FileManager.default.removeItem(atPath: path) }
            // doc: Sources/ModelFormSQLite/SQLiteRecordStore.swift
            let store = try SQLiteRecordStore(path: path, typeName: "Person", configs: configs)
            let ada = try await store.insert(.record(["name": .string("Ada"), "age": .int(36)]))
            let older = try await store.update(
                id: ada.id, with: .record(["name": .string("Ada"), "age": .int(37)]), expecting: ada.version)
            // end doc
            #expect(older.version == 2)
        }
    }

    struct Department: Codable {
        var name = ""
    }
    struct Employee: Codable {
        var name = ""
        var department: Reference<Department>?
        var manager: Reference<Employee>?
    }

    @Test func batches() async throws {
        let configs = try ConfigDictionary(describing: Employee.self)
        let departments = try SQLiteRecordStore(path: ":memory:", typeName: "Department", configs: configs)
        let employees = try SQLiteRecordStore(sharing: departments, typeName: "Employee", configs: configs)
        var research = try await departments.insert(.record(["name": .string("Research")]))
        var ada = try await employees.insert(
            .record(["name": .string("Ada"), "department": .int(research.id)]))
        let renamed = FormValue.record(["name": .string("R&D")])
        // doc: Sources/ModelFormRecords/RecordChange.swift
        try await employees.perform([
            .update(departments, id: research.id, to: renamed, expecting: research.version),
            .delete(employees, id: ada.id, expecting: ada.version),
        ])
        // end doc
        #expect(try await departments.load(id: research.id)?.values["name"] == .string("R&D"))
        #expect(try await employees.load(id: ada.id) == nil)
        research = try await departments.insert(.record(["name": .string("Research")]))
        ada = try await employees.insert(.record(["name": .string("Ada"), "department": .int(research.id)]))
        ada = try await employees.update(
            id: ada.id, with: .record(["name": .string("Ada"), "manager": .int(ada.id)]), expecting: ada.version)
        let withoutManager = FormValue.record(["name": .string("Ada")])
        // doc: Sources/ModelFormRecords/RecordStore.swift
        try await employees.perform([
            .update(employees, id: ada.id, to: withoutManager, expecting: ada.version),
            .delete(departments, id: research.id, expecting: research.version),
        ])
        // end doc
        #expect(try await employees.load(id: ada.id)?.values["manager"] == nil)
        #expect(try await departments.load(id: research.id) == nil)
    }

    @Test func oneRecordServed() async throws {
        let configs = try ConfigDictionary(describing: Person.self)
        let store = try SQLiteRecordStore(path: ":memory:", typeName: "Person", configs: configs)
        let ada = try await store.insert(.record(["name": .string("Ada"), "age": .int(36)]))
        let secret = Array("a secret of thirty-two bytes or more".utf8)
        // doc: Sources/ModelFormServer/RecordFormStore.swift
        let record = RecordFormStore(records: store, id: ada.id)
        let server = FormServer(configs: configs, typeName: "Person", store: record, secret: secret, mount: "/people/1")
        // end doc
        let page = await server.respond(
            to: FormRequest(method: "GET", path: "/people/1", headers: [("Host", "localhost:8080")]))
        #expect(page.status == 200 && page.text.contains("value=\"Ada\""))
    }

    @Test func recordsArticle() async throws {
        let path = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        // doc: Sources/ModelForm/ModelForm.docc/Records.md
        let configs = try ConfigDictionary(describing: Person.self)
        let store = try SQLiteRecordStore(path: path, typeName: "Person", configs: configs)
        let ada = try await store.insert(try FormValueEncoder().encode(Person(name: "Ada", age: 36)))

        var form = Form(values: ada.values, configs: configs)  // edit one record as any form
        try form.setText("37", at: "age")
        let saved = try await store.update(id: ada.id, with: try form.commit(), expecting: ada.version)

        let page = try await store.list(RecordQuery(search: "ad", sort: [RecordSort("name")], limit: 20))
        let total = try await store.count(RecordQuery(search: "ad"))
        // end doc
        #expect(saved.values["age"] == .int(37) && page.count == 1 && total == 1)
    }

    @Test func recordsServed() async throws {
        let path = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let configs = try ConfigDictionary(describing: Person.self)
        let secret = Array("a secret of thirty-two bytes or more".utf8)
        do {
            // doc: Sources/ModelFormServer/RecordServer.swift
            let people = try SQLiteRecordStore(path: path, typeName: "Person", configs: configs)
            let server = RecordServer(
                configs: configs, tables: [RecordServer.Table(typeName: "Person", records: people)], secret: secret)
            let list = await server.respond(
                to: FormRequest(method: "GET", path: "/Person/", query: "q=ada", headers: [("Host", "localhost:8080")]))
            // end doc
            #expect(list.status == 200 && list.text.contains("0 records match"))
        }
        do {
            // doc: Sources/ModelForm/ModelForm.docc/Records.md
            let people = try SQLiteRecordStore(path: path, typeName: "Person", configs: configs)
            var server = RecordServer(
                configs: configs,
                tables: [RecordServer.Table(typeName: "Person", records: people, columns: ["name", "age"])],
                secret: secret, mount: "/admin")
            server.site.allowedHosts = ["forms.example.com"]  // the security settings of every page
            let router = Router().addRecords(server)  // ModelFormHummingbird
            // end doc
            _ = router
            let index = await server.respond(
                to: FormRequest(method: "GET", path: "/admin/", headers: [("Host", "forms.example.com")]))
            #expect(index.status == 200)
        }
        let employees = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: employees) }
        struct Employee: Codable {
            var name = ""
        }
        do {
            let path = employees
            // doc: Sources/ModelFormHummingbird/Router+Form.swift
            let configs = try ConfigDictionary(describing: Employee.self)
            let employees = try SQLiteRecordStore(path: path, typeName: "Employee", configs: configs)
            let records = RecordServer(
                configs: configs, tables: [RecordServer.Table(typeName: "Employee", records: employees)],
                secret: secret, mount: "/admin")
            let router = Router().addRecords(records)
            // end doc
            _ = router
        }
    }

    /// Compiled, not run: it needs a PostgreSQL server (the store's contract tests run on one).
    func postgres(configs: ConfigDictionary) async throws -> PostgresRecordStore {
        // doc: Sources/ModelFormPostgres/PostgresRecordStore.swift
        var configuration = PostgresClient.Configuration(
            host: "127.0.0.1", port: 5432, username: "forms", password: nil, database: "forms", tls: .disable)
        configuration.options.additionalStartupParameters = [("statement_timeout", "5s")]
        let client = PostgresClient(configuration: configuration)
        let running = Task { await client.run() }  // until the app stops: running.cancel()
        let store = try await PostgresRecordStore.open(client: client, typeName: "Person", configs: configs)
        // end doc
        _ = running
        return store
    }
}
