import Foundation
import Hummingbird
import ModelForm
import ModelFormHummingbird
import ModelFormJSONSchema
import ModelFormServer
import ModelFormYAML
import Testing

/// The examples of the `///` comments of the server, its Hummingbird adapter and the JSON
/// Schema module, each compiled and run here (`DocumentationChecks` holds them to the
/// comments). The one that starts a server for good is compiled, not run.
@Suite struct ServerDocExamples {
    struct Employee: Codable, Sendable {
        var name = "Ada"
        var email = ""
    }

    // doc: Sources/ModelFormServer/ModelStore.swift
    actor EmployeeTable: ModelStore {
        private var row = Employee()
        private var version = 1
        func load() -> (model: Employee, version: String) { (row, "\(version)") }
        func save(_ model: Employee, expecting expected: String) throws -> String {
            guard expected == "\(version)" else {
                throw StoreConflict(
                    current: StoredValues(values: try FormValueEncoder().encode(row), version: "\(version)"))
            }
            (row, version) = (model, version + 1)
            return "\(version)"
        }
    }
    // end doc

    // doc: Sources/ModelFormServer/FormStore.swift
    actor EmployeeStore: FormStore {
        private var stored = StoredValues(values: .record(["name": .string("Ada")]), version: "1")
        func load() -> StoredValues { stored }
        func save(_ values: FormValue, expecting expected: String) throws -> String {
            guard expected == stored.version else { throw StoreConflict(current: stored) }
            stored = StoredValues(values: values, version: "\((Int(expected) ?? 0) + 1)")
            return stored.version
        }
    }
    // end doc

    static let secret = Array("a secret of thirty-two bytes or more".utf8)

    @Test func stores() async throws {
        let table = EmployeeTable()
        let saved = try await table.save(Employee(name: "Grace"), expecting: "1")
        #expect(saved == "2")
        await #expect(throws: StoreConflict.self) { try await table.save(Employee(), expecting: "1") }
        let store = EmployeeStore()
        #expect(try await store.save(.record([:]), expecting: "1") == "2")
    }

    @Test func servers() async throws {
        let configs = try ConfigDictionary(describing: Employee.self)
        let store = EmployeeStore()
        let secret = Self.secret
        // doc: Sources/ModelFormServer/FormServer.swift
        let server = FormServer(
            configs: configs, typeName: "Employee", store: store, secret: secret, mount: "/employee")
        let response = await server.respond(to: FormRequest(method: "GET", path: "/employee"))
        // end doc
        #expect(response.status == 400, "no Host header")
        do {
            // doc: Sources/ModelFormServer/FormServer.swift
            let form = try Form(editing: Employee())
            let server = FormServer(form: form, store: store, secret: secret)
            // end doc
            _ = server
        }
        // doc: Sources/ModelFormServer/FormMessage.swift
        let request = FormRequest(method: "GET", path: "/employee", headers: [("Host", "localhost:8080")])
        // end doc
        #expect(await server.respond(to: request).status == 200)
        do {
            // doc: Sources/ModelFormServer/ModelStore.swift
            let server = try FormServer(Employee.self, store: EmployeeTable(), mount: "/employee")
            // end doc
            #expect(await server.respond(to: request).status == 200)
        }
    }

    @Test func protection() {
        let nonce = CSRFProtection.nonce()
        // doc: Sources/ModelFormServer/CSRFProtection.swift
        let csrf = CSRFProtection(secret: Array("a long random secret".utf8))
        let token = csrf.token(for: nonce)  // the form's _csrf field
        let accepted = csrf.accepts(field: token, cookie: nonce)  // true
        // end doc
        #expect(accepted)
    }

    @Test func delegates() async throws {
        // doc: Sources/ModelFormServer/FormServerDelegate.swift
        struct Registration: FormServerDelegate {
            func formServer(_ server: FormServer, perform action: String, values: FormValue, at entity: FormPath) async
                -> CustomActionResult
            {
                action == "register" ? .save : .done(notice: "Nothing to do for \(action).")
            }
        }
        // end doc
        let server = FormServer(
            configs: try ConfigDictionary(describing: Employee.self), typeName: "Employee", store: EmployeeStore(),
            secret: Self.secret)
        #expect(await Registration().formServer(server, perform: "register", values: .null, at: FormPath()) == .save)
    }

    @Test func valuesFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doc-stores-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let configs = try ConfigDictionary(describing: Employee.self)
        let path = folder.appendingPathComponent("employee.values.yaml").path
        // doc: Sources/ModelFormServer/ValuesFileStore.swift
        let store = ValuesFileStore(path: path, typeName: "Employee", configs: configs)
        // end doc
        do {
            let path = folder.appendingPathComponent("employee.json").path
            // doc: Sources/ModelFormServer/ValuesFileStore.swift
            var format = ValuesFileFormat(typeName: "Employee", configs: configs)
            format.keepsUnknownProperties = true
            let store = ValuesFileStore(path: path, configs: configs, format: format)
            // end doc
            _ = store
        }
        _ = store
    }

    /// Compiled, not run: it serves until stopped.
    func hummingbird() async throws {
        // doc: Sources/ModelFormHummingbird/Router+Form.swift
        let router = Router()
        try router.addForm(Employee.self, at: "/employee", store: EmployeeTable())
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 8080)))
        try await app.runService()
        // end doc
    }

    @Test func connectionLimits() {
        let router = Router()
        // doc: Sources/ModelFormHummingbird/ConnectionLimit.swift
        let limit = ConnectionLimit(maximum: 512)
        let app = Application(
            router: router,
            server: .http1(
                configuration: .init(additionalChannelHandlers: [limit.handler()], idleTimeout: .seconds(10))))
        // end doc
        _ = app
        #expect(limit.count == 0)
    }

    static let orderSchema = """
        {"title": "Order", "type": "object", "required": ["quantity"],
         "properties": {"quantity": {"type": "integer", "multipleOf": 5}, "email": {"type": "string", "format": "email"}}}
        """

    @Test func schemas() throws {
        let text = Self.orderSchema
        // doc: Sources/ModelFormJSONSchema/JSONSchemaImporter.swift
        let document = try JSONParser.parse(text, file: "order.schema.json")
        let imported = try JSONSchemaImporter.importSchema(document, file: "order.schema.json", name: "Order")
        let files = (try imported.typesText(), try imported.formsText())  // order.types.yaml, order.forms.yaml
        // end doc
        #expect(files.0.contains("Order"))
        do {
            // doc: Sources/ModelFormJSONSchema/ImportedSchema+Form.swift
            let configs = try imported.configs()
            // end doc
            #expect(configs.root.typeName == "Order")
        }
        do {
            // doc: Sources/ModelFormJSONSchema/ImportedSchema+Form.swift
            let imported = try JSONSchemaImporter.importSchema(
                try JSONParser.parse(text, file: "order.schema.json"), file: "order.schema.json", name: "Order")
            var form = try imported.form()
            try form.setText("7", at: "quantity")
            // end doc
            #expect(throws: FormError.self) { try form.commit() }  // 7 breaks the schema's multipleOf
        }
        let configs = try imported.configs()
        // doc: Sources/ModelFormJSONSchema/JSONSchemaExporter.swift
        let schema = JSONSchemaExporter(configs: configs).schema(root: "Order")
        let json = schema.json
        // end doc
        #expect(json.contains("multipleOf"))
        let instance: JSONValue = ["quantity": 5, "email": "ada"]
        do {
            // doc: Sources/ModelFormJSONSchema/JSONSchemaValidator.swift
            let validator = JSONSchemaValidator(schema: schema)
            let messages = validator.validate(instance).map(\.description)  // ["/email: is not a valid email"]
            // end doc
            #expect(messages.count == 1)
        }
        var form = try imported.form()
        try form.setText("7", at: "quantity")
        let validator = imported.validator
        // doc: Sources/ModelFormJSONSchema/JSONSchemaValidator.swift
        let errors = try validator.fieldErrors(form.values, typeName: form.typeName, configs: form.configs)
        // end doc
        #expect(errors.map(\.path) == ["quantity"], "7 is not a multiple of 5")
        // doc: Sources/ModelFormJSONSchema/JSONSchemaValidator.swift
        var environment = FormEnvironment()
        environment.validator.addModelCheck(imported.validator.modelCheck(typeName: imported.root, configs: configs))
        // end doc
        #expect(environment.validator.modelProblems(.record([:])).count == 1)
    }

    @Test func bundles() throws {
        let text = Self.orderSchema
        // doc: Sources/ModelFormJSONSchema/SchemaBundle.swift
        let root = try JSONParser.parse(text, file: "order.schema.json")
        let bundle = try SchemaBundle.load(root, file: "order.schema.json", schemaDirectories: ["schemas"])
        let imported = try JSONSchemaImporter.importSchema(bundle, name: "Order", source: text)
        // end doc
        #expect(imported.root == "Order")
    }
}
