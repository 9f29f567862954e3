import ModelForm
import ModelFormHTML
import ModelFormYAML

/// A map of `count` entries beside a collection of `count` items of the same scalar: each
/// drawn to HTML and bound from the submission its own page sends (a collection's `items[i]`;
/// a map's `entries[key]` with each entry's `_key:` input and the map's `_newkey:`). And a
/// list of `count` union values (a text, a list of texts or a point, in turn), each one's
/// alternative found from its value, drawn and validated.
public struct ShapeWorkloads: Sendable {
    public let count: Int
    public let configs: ConfigDictionary
    public let values: FormValue
    public let collectionPairs: [(name: String, value: String)]
    public let mapPairs: [(name: String, value: String)]
    /// Forms over the values with one shape drawn (the others left empty), made once: what
    /// is timed is the drawing.
    let mapForm: Form<FormValue>
    let collectionForm: Form<FormValue>
    let unionForm: Form<FormValue>

    public init(count: Int) throws {
        self.count = count
        let types = """
            unions:
              Choice: [String, "[String]", Point]
            types:
              Shapes:
                items: "[String]"
                entries: "[String: String]"
                choices: "[Choice]"
              Point: {x: Int, y: Int}
            """
        configs = try ConfigDictionary(typeDefinitions: types, file: "shapes.types.yaml")
        let items = (0..<count).map { FormValue.string("value \($0)") }
        let entries = FormRecord((0..<count).map { ("key\($0)", FormValue.string("value \($0)")) })
        let choices = (0..<count).map { index -> FormValue in
            switch index % 3 {
            case 0: .string("value \(index)")
            case 1: .list([.string("a"), .string("b")])
            default: .record(["x": .int(Int64(index)), "y": .int(1)])
            }
        }
        values = .record(["items": .list(items), "entries": .record(entries), "choices": .list(choices)])
        mapForm = Self.form(values, configs, emptying: ["items", "choices"])
        collectionForm = Self.form(values, configs, emptying: ["entries", "choices"])
        unionForm = Self.form(values, configs, emptying: ["items", "entries"])
        collectionPairs = (0..<count).map { (name: "items[\($0)]", value: "changed \($0)") }
        mapPairs =
            (0..<count).flatMap {
                [
                    (name: "entries[key\($0)]", value: "changed \($0)"),
                    (name: "_key:entries.key\($0)", value: "key\($0)"),
                ]
            }
            + [(name: "_newkey:entries", value: "")]
    }

    /// The page with one of the two shapes drawn (the other left empty, and no unions).
    public func html(map: Bool) -> String {
        HTMLRenderer().render((map ? mapForm : collectionForm).tree())
    }

    /// The values with only the unions.
    private var unionsOnly: FormValue { unionForm.values }

    /// The page of the list of unions: each item's alternative found and drawn.
    public func unionHTML() -> String {
        HTMLRenderer().render(unionForm.tree())
    }

    /// Validates the list of unions (each item's alternative found); returns the errors (0).
    public func validateUnions() -> Int {
        Validator().validate(unionsOnly, typeName: "Shapes", configs: configs).count
    }

    /// Binds and validates one shape's submission; returns the number of errors (0).
    public func bind(map: Bool) throws -> Int {
        var form = Form(values: values, configs: configs, typeName: "Shapes")
        _ = try form.apply(pairs: map ? mapPairs : collectionPairs)
        return form.errors.count
    }

    /// A form over `values` with the shapes `emptied` left empty.
    static func form(_ values: FormValue, _ configs: ConfigDictionary, emptying emptied: [String]) -> Form<FormValue> {
        var shown = values
        for key in emptied {
            try? shown.set(key == "entries" ? .record(FormRecord()) : .list([]), at: FormPath([.key(key)]))
        }
        return Form(values: shown, configs: configs, typeName: "Shapes")
    }
}
