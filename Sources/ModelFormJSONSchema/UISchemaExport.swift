import Foundation
import ModelForm

extension JSONSchemaExporter {
    /// The UI schema of the root type's form: for react-jsonschema-form, `ui:order` and each
    /// field's widget, placeholder and read-only flag; for JSON Forms, a vertical layout
    /// with a `Group` per titled section and a `Control` per field (long text as `multi`,
    /// a `visibleIf` as a `SHOW` rule).
    public func uiSchema(root: String, dialect: UIDialect) -> JSONValue {
        guard let config = configs[root] else { return .object(JSONObject()) }
        switch dialect {
        case .rjsf: return rjsf(config)
        case .jsonforms: return jsonForms(config)
        }
    }

    private func rjsf(_ config: FormConfig) -> JSONValue {
        var ui = JSONObject([("ui:order", .array(config.fields.compactMap(\.key).map(JSONValue.string)))])
        for field in config.fields {
            guard let key = field.key else { continue }
            var options = JSONObject()
            if let widget = Self.widget(field) { options["ui:widget"] = .string(widget) }
            if let placeholder = field.placeholder, !placeholder.isEmpty, field.options.isEmpty {
                options["ui:placeholder"] = .string(placeholder)
            }
            if field.readOnly { options["ui:readonly"] = .bool(true) }
            if field.sortable { options["ui:options"] = .object(JSONObject([("orderable", .bool(true))])) }
            if options.count > 0 { ui[key] = .object(options) }
        }
        return .object(ui)
    }

    static func widget(_ field: Field) -> String? {
        if field.hidden { return "hidden" }
        switch field.cell {
        case "stepper"?: return "updown"
        case "slider"?: return "range"
        case "segments"?: return "radio"
        default: break
        }
        if field.type == .longText { return "textarea" }
        if field.type == .password { return "password" }
        if field.type == .options, field.inline { return "radio" }
        return nil
    }

    private func jsonForms(_ config: FormConfig) -> JSONValue {
        var elements: [JSONValue] = []
        for section in config.sections {
            let controls = section.fields.compactMap { field -> JSONValue? in
                guard let key = field.key, !field.hidden else { return nil }
                var control = JSONObject([("type", .string("Control")), ("scope", .string("#/properties/" + key))])
                if field.type == .longText { control["options"] = .object(JSONObject([("multi", .bool(true))])) }
                if let condition = field.conditions.visibleIf, Self.expressible(condition),
                    case .object(let test) = Self.ifSchema(condition),
                    let tested = test["properties"]?.object, tested.count == 1,
                    let (name, schema) = tested.pairs.first.map({ ($0.key, $0.value) })
                {
                    control["rule"] = .object(
                        JSONObject([
                            ("effect", .string("SHOW")),
                            (
                                "condition",
                                .object(JSONObject([("scope", .string("#/properties/" + name)), ("schema", schema)]))
                            ),
                        ]))
                }
                return .object(control)
            }
            if let header = section.header, !header.isEmpty {
                elements.append(
                    .object(
                        JSONObject([
                            ("type", .string("Group")), ("label", .string(header)), ("elements", .array(controls)),
                        ])))
            } else {
                elements += controls
            }
        }
        return .object(JSONObject([("type", .string("VerticalLayout")), ("elements", .array(elements))]))
    }
}
