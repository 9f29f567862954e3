import Foundation
import ModelForm

extension JSONSchemaExporter {
    /// The UI schema of the root type's form: for react-jsonschema-form, `ui:order` and each
    /// field's widget, placeholder and read-only flag (a map's entries' under
    /// `additionalProperties`, a tuple's positions' under `items`, a union's alternatives'
    /// under `oneOf` or `anyOf`); for JSON Forms, a vertical layout
    /// with a `Group` per titled section and a `Control` per field (long text as `multi`,
    /// a `visibleIf` as a `SHOW` rule).
    public func uiSchema(root: String, dialect: UIDialect) -> JSONValue {
        guard let config = configs[root] else { return .object(JSONObject()) }
        switch dialect {
        case .rjsf: return rjsf(config)
        case .jsonforms: return jsonForms(config)
        }
    }

    /// RJSF's UI schema. A map's entries take their template's options under
    /// `additionalProperties`; the map of other keys is no property (not in `ui:order`):
    /// its entries' options are the form's own `additionalProperties`.
    private func rjsf(_ config: FormConfig) -> JSONValue {
        let otherKeys = configs.model.entity(config.typeName)?.otherKeys
        let order = config.fields.compactMap(\.key).filter { $0 != otherKeys }
        var ui = JSONObject([
            ("ui:order", .array(order.map(JSONValue.string) + (otherKeys == nil ? [] : [JSONValue.string("*")])))
        ])
        for field in config.fields {
            guard let key = field.key else { continue }
            var options = Self.rjsfOptions(field)
            switch field.shape {
            case .entries:
                // A map's entries: the template's options under `additionalProperties`.
                guard let template = field.template else { break }
                var entry = Self.rjsfOptions(template)
                if field.readOnly { entry["ui:readonly"] = .bool(true) }
                if key == otherKeys {
                    if entry.count > 0 { ui["additionalProperties"] = .object(entry) }
                    continue
                }
                if entry.count > 0 { options["additionalProperties"] = .object(entry) }
            case .positions:
                // A tuple: each position's options in order under `items`, as RJSF reads a
                // fixed array's, and the items after them under `additionalItems`.
                let positions = field.positions.map(Self.rjsfOptions)
                if positions.contains(where: { $0.count > 0 }) {
                    options["items"] = .array(positions.map(JSONValue.object))
                }
                if let rest = field.template.map(Self.rjsfOptions), rest.count > 0 {
                    options["additionalItems"] = .object(rest)
                }
            case .alternatives:
                // Each alternative's options in order under `oneOf` / `anyOf`, as RJSF reads
                // a union's (since 5.16).
                let alternatives = field.alternatives.map(Self.rjsfOptions)
                if alternatives.contains(where: { $0.count > 0 }) {
                    options[field.alternativesAreExclusive ? "oneOf" : "anyOf"] = .array(
                        alternatives.map(JSONValue.object))
                }
            case .record, .records, .items, .single: break
            }
            if options.count > 0 { ui[key] = .object(options) }
        }
        return .object(ui)
    }

    /// A field's widget, placeholder, read-only flag and ordering, as RJSF names them.
    private static func rjsfOptions(_ field: Field) -> JSONObject {
        var options = JSONObject()
        if let widget = widget(field) { options["ui:widget"] = .string(widget) }
        if let placeholder = field.placeholder, !placeholder.isEmpty, field.options.isEmpty {
            options["ui:placeholder"] = .string(placeholder)
        }
        if field.readOnly { options["ui:readonly"] = .bool(true) }
        if field.sortable { options["ui:options"] = .object(JSONObject([("orderable", .bool(true))])) }
        return options
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

    /// JSON Forms' UI schema. A map is a `Control` of its property (JSON Forms draws an
    /// object's `additionalProperties`); the map of other keys has no property to scope, so
    /// no control: JSON Forms leaves such keys in the data as they are.
    private func jsonForms(_ config: FormConfig) -> JSONValue {
        let otherKeys = configs.model.entity(config.typeName)?.otherKeys
        var elements: [JSONValue] = []
        for section in config.sections {
            let controls = section.fields.compactMap { field -> JSONValue? in
                guard let key = field.key, !field.hidden, key != otherKeys else { return nil }
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
