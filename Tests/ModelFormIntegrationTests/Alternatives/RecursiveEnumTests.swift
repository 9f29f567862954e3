import Foundation
import ModelForm
import ModelFormHTML
import ModelFormJSONSchema
import ModelFormText
import ModelFormYAML
import Testing

/// An `indirect` enum whose cases hold the enum again: a union whose alternatives are its
/// cases' payload records, by name, so the form is finite however deep the value is.
@Suite struct RecursiveEnumTests {
    indirect enum Expression: FormAlternatives, Equatable {
        case number(Int)
        case sum(Expression, Expression)
        case negated(Expression)
        case list([Expression])
        static let formAlternatives: [Expression] = [
            .number(0), .sum(.number(0), .number(0)), .negated(.number(0)), .list([]),
        ]
    }

    /// A first case that recurses: a new value starts from its sample, not from itself.
    indirect enum Tree: FormAlternatives, Equatable {
        case pair(Tree, Tree)
        case leaf(String)
        static let formAlternatives: [Tree] = [.pair(.leaf(""), .leaf("")), .leaf("")]
    }

    struct Sheet: Codable, Equatable {
        var name = "Sums"
        var formula = Expression.sum(.number(1), .negated(.number(2)))
        var shape: Tree?
    }

    @Test func itIsAUnionOfItsCasesPayloadsReachingItselfByName() throws {
        let form = try Form(editing: Sheet())
        let formula = try #require(form.configs.root.field("formula"))
        #expect(formula.alternatives.map(\.key) == ["number", "sum", "negated", "list"])
        let sum = try #require(form.configs["Expression.sum"])
        #expect(sum.fields.map(\.type) == [.alternatives, .alternatives])
        #expect(sum.fields.first?.alternatives.map(\.key) == ["number", "sum", "negated", "list"])
        let list = try #require(form.configs["Expression.list"]?.field("_0"))
        #expect(list.template?.alternatives.count == 4)
        // The probe route (no instance) sees the same.
        let probed = try ModelDescription(type: Sheet.self)
        #expect(probed.entity(probed.root)?.property("formula")?.valueType == formula.valueType)
    }

    @Test func editedAtDepthDrawnAndCommittedBack() throws {
        var form = try Form(editing: Sheet())
        try form.setText("5", at: "formula.sum._1.negated._0.number._0")
        try form.chooseAlternative("negated", at: "formula.sum._0")
        try form.setText("7", at: "formula.sum._0.negated._0.number._0")
        try form.chooseAlternative("pair", at: "shape")
        try form.setText("oak", at: "shape.pair._0.leaf._0")
        let text = TextRenderer(width: 100).render(form)
        #expect(text.contains("Negated") && text.contains("oak"), "\(text)")
        let html = HTMLRenderer().render(form)
        #expect(html.contains(#"name="formula[sum][_1][negated][_0][number][_0]""#), "\(html)")
        let saved: Sheet = try form.commit()
        #expect(saved.formula == .sum(.negated(.number(7)), .negated(.number(5))))
        #expect(saved.shape == .pair(.leaf("oak"), .leaf("")))
    }

    @Test func itsSchemaRefersToItselfAndChecksADeepValue() throws {
        let form = try Form(editing: Sheet())
        let schema = JSONSchemaExporter(configs: form.configs).schema(root: "Sheet")
        let text = "\(schema)"
        #expect(text.contains("Expression.sum"), "\(text)")
        let validator = JSONSchemaValidator(schema: schema)
        let deep: JSONValue = [
            "name": "x", "formula": ["negated": ["_0": ["negated": ["_0": ["number": ["_0": 1]]]]]],
        ]
        #expect(validator.validate(deep).isEmpty)
        let wrong: JSONValue = ["name": "x", "formula": ["negated": ["_0": ["number": ["_0": "one"]]]]]
        #expect(!validator.validate(wrong).isEmpty)
    }

    /// The same in a types file: a union that reaches itself through a record's property.
    @Test func aTypesFileUnionReachesItselfThroughARecord() throws {
        let types = """
            unions:
              Node: [String, Branch]
            types:
              Doc: {node: Node}
              Branch: {label: String, children: "[Node]"}
            """
        let configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "doc.types.yaml"))
        let values = try ValuesFile.read(
            text: "node:\n  label: top\n  children: [leaf, {label: inner, children: [a]}]\n", file: "doc.values.yaml",
            typeName: "Doc", configs: configs)
        var form = Form(values: values, configs: configs, typeName: "Doc")
        try form.setText("b", at: "node.children[1].children[0]")
        try form.setText("deep", at: "node.children[1].label")
        #expect(TextRenderer(width: 100).render(form).contains("deep"))
        #expect(
            form.values["node"]
                == .record([
                    "label": .string("top"),
                    "children": .list([
                        .string("leaf"),
                        .record(["label": .string("deep"), "children": .list([.string("b")])]),
                    ]),
                ]))
    }
}
