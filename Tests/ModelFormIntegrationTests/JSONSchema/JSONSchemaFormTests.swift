import Foundation
import ModelForm
import ModelFormHTML
import ModelFormJSONSchema
import ModelFormServer
import ModelFormYAML
import TestFixtures
import Testing

/// A form imported from a JSON Schema holds its values to the schema's own keywords (those
/// no form rule expresses, such as `exclusiveMinimum` on a decimal) in every front end:
/// commits, the server, subforms; a field is not marked twice.
@Suite struct JSONSchemaFormTests {
    static let order = SchemaFixtures.order

    static func imported() throws -> ImportedSchema {
        try JSONSchemaImporter.importSchema(
            try JSONParser.parse(order, file: "order.schema.json"), file: "order.schema.json", name: "Order",
            source: order)
    }

    static func form() throws -> Form<FormValue> {
        var form = try imported().form()
        try form.setTexts([("name", "Tea"), ("quantity", "10")])
        return form
    }

    static func failure(_ commit: () throws(FormError) -> FormValue) -> [FieldError] {
        do {
            _ = try commit()
            return []
        } catch {
            return error.fieldErrors
        }
    }

    @Test func aValueOnlyTheSchemaRefusesIsAFieldErrorAndNothingIsCommitted() throws {
        var form = try Self.form()
        let good = try form.commit()
        try form.setText("0", at: "price")
        let errors = Self.failure { () throws(FormError) in try form.commit() }
        #expect(errors.map(\.path) == ["price"])
        #expect(errors.map(\.rule) == ["exclusiveMinimum"])
        #expect(form.original == good)
        try form.setText("0.5", at: "price")
        #expect(try form.commit()[FormPath("price")] == .double(0.5))
    }

    /// `multipleOf`, exclusive bounds on whole numbers and item counts are form rules: the
    /// form refuses, and the HTML input gets its `min` and `step`.
    @Test func keywordsWithAFormRuleAreFormRules() throws {
        var form = try Self.form()
        let quantity = try form.field(at: "quantity")
        // `required` means present (a non-optional Int), not a rule.
        #expect(quantity.rules.map(\.kind) == [.range(min: 1, max: nil), .multipleOf(5)])
        for (text, rule) in [("7", "multipleOf"), ("-5", "range")] {
            try form.setText(text, at: "quantity")
            #expect(form.validate().map(\.rule) == [rule], "\(text)")
        }
        // A browser counts steps from min: 1 is no multiple of 5, so the step stays 1.
        #expect(HTMLRenderer().render(form).contains("value=\"-5\" min=\"1\" step=\"1\">"))
        try form.configs["Order"]?.update("quantity") { $0.rules = [.init(.multipleOf(5))] }
        #expect(HTMLRenderer().render(form).contains("value=\"-5\" step=\"5\">"))
    }

    @Test func aFieldItsOwnRulesMarkIsNotMarkedAgainByTheSchema() throws {
        var form = try Self.form()
        try form.setText("A", at: "name")
        let errors = form.validate()
        #expect(errors.map(\.path) == ["name"], "\(errors)")
        #expect(errors.map(\.rule) == ["length"], "the form's rule, not the schema's minLength too")
    }

    @Test func aSubformEditedOnItsOwnIsCheckedWithTheWholeFormOnCommit() throws {
        var form = try Self.form()
        var shipping = try form.child(at: "shipping")
        try shipping.setText("10", at: "floor")
        #expect(shipping.validate().isEmpty, "the root's schema check is not run on a subtree")
        try form.merge(shipping)
        let errors = Self.failure { () throws(FormError) in try form.commit() }
        #expect(errors.map(\.path) == ["shipping.floor"])
    }

    /// `"else": {"properties": {"message": false}}`: the message is shown only while the
    /// gift is on, and a hidden message is cleared on save, so the schema accepts the result.
    @Test func aPropertyABranchForbidsIsHiddenAndClearedWhileTheBranchHolds() throws {
        let text = """
            {"type": "object", "properties": {"gift": {"type": "boolean"}, "message": {"type": "string"}},
             "if": {"properties": {"gift": {"const": true}}, "required": ["gift"]},
             "then": {"required": ["message"]}, "else": {"properties": {"message": false}}}
            """
        let imported = try JSONSchemaImporter.importSchema(
            try JSONParser.parse(text, file: "gift.schema.json"), file: "gift.schema.json", name: "Gift")
        var form = try imported.form(values: .record(["gift": .bool(true), "message": .string("hi")]))
        #expect(form.fieldState(at: "message").isVisible)
        try form.setText("false", at: "gift")
        #expect(!form.fieldState(at: "message").isVisible)
        let saved = try form.commit()
        #expect(saved[FormPath("message")] == .null)
        #expect(try imported.validator.fieldErrors(saved, typeName: form.typeName, configs: form.configs).isEmpty)
    }

    /// A one-value root through a values file store (as `serve` keeps it): read as the form's
    /// one field, checked by the schema, saved as the value alone.
    @Test func aOneValueRootIsStoredAsTheValue() async throws {
        let text = #"{"title": "Rating", "type": "number", "exclusiveMaximum": 5}"#
        let imported = try JSONSchemaImporter.importSchema(
            try JSONParser.parse(text, file: "rating.schema.json"), file: "rating.schema.json", name: "Rating")
        let configs = try imported.configs()
        var format = ValuesFileFormat(typeName: imported.root, configs: configs)
        format.wrapsValue = imported.wrapsValue
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rating-\(UUID().uuidString).json")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "4.5\n".write(toFile: path, atomically: true, encoding: .utf8)
        let store = ValuesFileStore(path: path, configs: configs, format: format)
        let stored = try await store.load()
        var form = try imported.form(values: stored.values)
        #expect(form.values[FormPath("value")] == .double(4.5))
        try form.setText("5", at: "value")
        #expect(form.validate().map(\.path) == ["value"])
        try form.setText("3.5", at: "value")
        _ = try await store.save(try form.commit(), expecting: stored.version)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "3.5\n")
    }

    @Test func theServerRefusesWhatTheSchemaRefusesAndStoresNothing() async throws {
        let form = try Self.form()
        let store = MemoryStore(values: form.values)
        let server = FormServer(
            configs: form.configs, typeName: form.typeName, environment: form.environment, store: store,
            secret: BrowserSession.secret)
        let browser = BrowserSession(server)
        _ = await browser.get("/")
        let refused = await browser.post("/", [("name", "Tea"), ("quantity", "7"), ("_action", "save")])
        #expect(refused.status == 422)
        #expect(refused.text.contains("multiple of 5"), "\(refused.text)")
        #expect(await store.load().values == form.values)
        let saved = await browser.post("/", [("name", "Tea"), ("quantity", "20"), ("_action", "save")])
        #expect(saved.status == 303)
        #expect(await store.load().values[FormPath("quantity")] == .int(20))
    }
}

/// A schema whose branches refer back to themselves grows exponentially however small the
/// data: validation stops after a fixed number of steps with one error, never hangs.
@Suite struct JSONSchemaLimitTests {
    @Test(arguments: ["allOf", "anyOf", "oneOf"])
    func selfReferringBranchesStopWithOneError(keyword: String) throws {
        let schema = try JSONParser.parse(
            """
            {"not": {"$ref": "#/$defs/a"}, "$defs": {"a": {"\(keyword)": [{"$ref": "#/$defs/a"}, {"$ref": "#/$defs/a"}]}}}
            """, file: "bomb.schema.json"
        ).value
        var validator = JSONSchemaValidator(schema: schema)
        #expect(validator.maximumSteps == 1_000_000)
        validator.maximumSteps = 20_000
        let errors = validator.validate(.number(JSONNumber(1)))
        #expect(errors.last?.keyword == "limit")
        #expect(errors.last?.message == "not checked: the schema takes more than 20000 steps for this data")
        #expect(errors.last?.location == [])
    }
}
