import ModelForm
import ModelFormJSONSchema
import ModelFormYAML
import Testing

/// Object-level `oneOf` / `anyOf`: an object that is one of several objects (Backstage's
/// catalog entity, one per `kind`) imports as a choice of them, each titled by the value of
/// the property that tells it apart; one alternative is merged as an `allOf` part is; and
/// JSON Forms scopes and rules that reach into such branches read as JSON Forms reads them.
@Suite struct ObjectAlternativesTests {
    /// Backstage's shape: a base entity by `$ref` (relative to the schema's `$id`), each kind
    /// an `allOf` of it and its own `kind`, two kinds told apart only by `apiVersion`.
    static let catalog = """
        {"$id": "https://example.com/catalog.json", "type": "object",
         "anyOf": [
           {"allOf": [{"$ref": "catalog.json#/definitions/entity"},
             {"type": "object", "required": ["spec"], "properties": {"kind": {"enum": ["API"]},
               "spec": {"type": "object", "properties": {"owner": {"type": "string"}}}}}]},
           {"allOf": [{"$ref": "catalog.json#/definitions/entity"},
             {"type": "object", "properties": {"apiVersion": {"enum": ["v1"]}, "kind": {"enum": ["Template"]}}}]},
           {"allOf": [{"$ref": "catalog.json#/definitions/entity"},
             {"type": "object", "properties": {"apiVersion": {"enum": ["v2"]}, "kind": {"enum": ["Template"]}}}]}
         ],
         "definitions": {"entity": {"type": "object", "required": ["kind", "name"],
           "properties": {"apiVersion": {"type": "string"}, "kind": {"type": "string"}, "name": {"type": "string"}}}}}
        """

    static func imported(_ text: String, ui: String? = nil) throws -> ImportedSchema {
        try JSONSchemaImporter.importSchema(
            try JSONParser.parse(text, file: "a.schema.json"), file: "a.schema.json", name: "A",
            ui: try ui.map { try JSONParser.parse($0, file: "a.ui.json") }, uiFile: "a.ui.json")
    }

    @Test func anObjectOfAlternativesIsAChoiceTitledByItsTellingProperty() throws {
        let imported = try Self.imported(Self.catalog)
        #expect(imported.notes.isEmpty, "\(imported.notes)")
        let field = try #require(try imported.configs().root.field("value"))
        #expect(field.type == .alternatives)
        #expect(field.alternatives.map(\.title) == ["API", "Template (v1)", "Template (v2)"])
        let entity = FormValue.record([
            "apiVersion": .string("v2"), "kind": .string("Template"), "name": .string("scaffold"),
        ])
        var form = try imported.form(values: .record(["value": entity]))
        #expect(form.tree().sections[0].rows[0].context.display == "Template (v2)", "v1 is a constant v2 is not")
        try form.setText("scaffolder", at: "value.name")
        #expect(try form.commit()["value"]?["name"] == .string("scaffolder"))
    }

    @Test func theBaseEntityIsReachedByAReferenceRelativeToTheId() throws {
        let configs = try Self.imported(Self.catalog).configs()
        let api = try #require(configs.root.field("value")?.alternatives.first)
        let keys = try #require(configs.destination(of: api)).fields.compactMap(\.key)
        #expect(keys == ["apiVersion", "kind", "name", "spec"])
    }

    @Test func anAlternativeThatFitsNoneIsKeptAndMarked() throws {
        let imported = try Self.imported(Self.catalog)
        let odd = FormValue.record(["kind": .string("Group"), "name": .string("x"), "members": .int(3)])
        var form = try imported.form(values: .record(["value": odd]))
        #expect(!form.validate().isEmpty)
        #expect(form.values["value"] == odd)
    }

    @Test func oneAlternativeIsMergedAsAnAllOfPartIs() throws {
        let schema = """
            {"type": "object", "properties": {"recurrence": {"enum": ["Never", "Daily"]}},
             "anyOf": [{"if": {"properties": {"recurrence": {"const": "Never"}}},
                        "then": {"properties": {"lastname": {"type": "string"}}}}]}
            """
        let imported = try Self.imported(schema)
        #expect(imported.notes.isEmpty, "\(imported.notes)")
        let lastname = try #require(try imported.configs().root.field("lastname"))
        #expect(lastname.conditions.visibleIf?.description == #"recurrence == "Never""#)
    }

    @Test func anAllOfOfObjectsIsAnObjectWithoutSayingSo() throws {
        let schema = """
            {"type": "object", "properties": {"owner": {"allOf": [{"$ref": "#/definitions/person"}]},
              "team": {"allOf": [{"$ref": "#/definitions/person"}, {"properties": {"size": {"type": "integer"}}}]}},
             "definitions": {"person": {"type": "object", "properties": {"name": {"type": "string"}}}}}
            """
        let configs = try Self.imported(schema).configs()
        #expect(configs.root.field("team")?.type == .subform)
        let team = try #require(configs.root.field("team").flatMap(configs.destination(of:)))
        #expect(team.fields.compactMap(\.key) == ["name", "size"])
    }

    // MARK: JSON Forms

    static let recurring = """
        {"type": "object", "properties": {"name": {"type": "string"}, "recurrence": {"enum": ["Never", "Daily"]},
          "done": {"type": "boolean"}},
         "anyOf": [{"if": {"properties": {"recurrence": {"const": "Never"}}},
                    "then": {"properties": {"lastname": {"type": "string"}, "age": {"type": "number"}}}}]}
        """

    static func control(_ scope: String, rule: String? = nil) -> String {
        #"{"type": "Control", "scope": "\#(scope)""# + (rule.map { #", "rule": "# + $0 } ?? "") + "}"
    }

    static func fields(_ controls: [String]) throws -> [Field] {
        let ui = #"{"type": "VerticalLayout", "elements": ["# + controls.joined(separator: ", ") + "]}"
        return try imported(recurring, ui: ui).configs().root.fields
    }

    @Test(arguments: [
        "#/anyOf/0/then/properties/lastname", "#/properties/lastname", "#/allOf/0/properties/lastname",
    ])
    func aControlsScopeMayLeadThroughABranch(_ scope: String) throws {
        let fields = try Self.fields([Self.control("#/properties/name"), Self.control(scope)])
        #expect(fields.filter { !$0.hidden }.compactMap(\.key) == ["name", "lastname"])
    }

    @Test(
        arguments: [
            // (rule, visibleIf, enabledIf, hidden, readOnly)
            (##"{"effect": "SHOW", "condition": {"scope": "#"}}"##, nil, nil, false, false),
            (##"{"effect": "HIDE", "condition": {"scope": "#"}}"##, nil, nil, true, false),
            (##"{"effect": "DISABLE", "condition": {"scope": "#"}}"##, nil, nil, false, true),
            (
                ##"{"effect": "SHOW", "condition": {"type": "OR", "conditions": [{"scope": "#"}, {"scope": "#/properties/done", "schema": {"const": true}}]}}"##,
                nil, nil, false, false
            ),
            (
                ##"{"effect": "SHOW", "condition": {"type": "AND", "conditions": [{"scope": "#"}, {"scope": "#/properties/done", "schema": {"const": true}}]}}"##,
                "done == true", nil, false, false
            ),
            (
                ##"{"effect": "ENABLE", "condition": {"scope": "#/anyOf/0/then/properties/age", "schema": {"const": 3}}}"##,
                nil, "age == 3", false, false
            ),
        ] as [(String, String?, String?, Bool, Bool)])
    func aConditionWithNothingToTestAlwaysHolds(
        _ rule: String, _ visibleIf: String?, _ enabledIf: String?, _ hidden: Bool, _ readOnly: Bool
    ) throws {
        let fields = try Self.fields([Self.control("#/properties/name", rule: rule)])
        let name = try #require(fields.first { $0.key == "name" })
        #expect(name.conditions.visibleIf?.description == visibleIf)
        #expect(name.conditions.enabledIf?.description == enabledIf)
        #expect(name.hidden == hidden && name.readOnly == readOnly)
    }

    @Test func aConditionsExpectedValueMustBeAScalar() throws {
        let rule = ##"{"effect": "SHOW", "condition": {"scope": "#/properties/done", "expectedValue": [1]}}"##
        #expect {
            try Self.fields([Self.control("#/properties/name", rule: rule)])
        } throws: { error in
            "\(error)".contains("expectedValue for 'done' must be a string, number, Boolean or null")
        }
    }
}
