import Foundation
import ModelForm

/// A UI schema applied to an imported form: react-jsonschema-form's (`ui:order` with `*`,
/// `ui:widget`, `ui:placeholder`, `ui:help`, `ui:title`, `ui:readonly`, hidden widgets,
/// nested per property) or JSON Forms' (a tree of layouts whose `Group`s and categories
/// become sections, `Control`s ordering the fields, `rule`s becoming conditions), told apart
/// by shape: JSON Forms' has a `type`.
enum UISchemaImport {
    /// The form of one type: its field dictionaries, in the order and sections the UI
    /// schema gives (`fields`, or `sections` for JSON Forms' groups).
    static func apply(_ ui: JSONValue?, to fields: [FormValue], state: inout ImportState, pointer: String) -> FormRecord
    {
        guard let ui, ui.object != nil else { return FormRecord([("fields", .list(fields))]) }
        if ui["type"]?.string != nil { return jsonForms(ui, fields: fields, state: &state, pointer: pointer) }
        return FormRecord([("fields", .list(rjsf(ui, fields: fields, state: &state, pointer: pointer)))])
    }

    private static func key(_ field: FormValue) -> String? {
        if case .record(let record) = field, case .string(let key)? = record["key"] { return key }
        return nil
    }

    private static func update(_ field: FormValue, _ change: (inout FormRecord) -> Void) -> FormValue {
        guard case .record(var record) = field else { return field }
        change(&record)
        return .record(record)
    }

    // MARK: react-jsonschema-form

    static func rjsf(_ ui: JSONValue, fields: [FormValue], state: inout ImportState, pointer: String) -> [FormValue] {
        var result = fields.map { field -> FormValue in
            guard let key = key(field), let options = ui[key]?.object else { return field }
            return update(field) { record in
                for (name, value) in options.pairs {
                    switch name {
                    case "ui:placeholder": if let text = value.string { record["placeholder"] = .string(text) }
                    case "ui:help", "ui:description": if let text = value.string { record["help"] = .string(text) }
                    case "ui:title": if let text = value.string { record["title"] = .string(text) }
                    case "ui:readonly", "ui:disabled": if value == .bool(true) { record["readOnly"] = .bool(true) }
                    case "ui:widget": widget(value.string ?? "", into: &record)
                    case "ui:options":
                        for (option, setting) in setting(value) {
                            switch option {
                            case "inline": if setting == .bool(true) { record["inline"] = .bool(true) }
                            case "orderable": if setting == .bool(true) { record["sortable"] = .bool(true) }
                            case "rows": record["type"] = .string("longtext")
                            default: break
                            }
                        }
                    default: break
                    }
                }
            }
        }
        if let order = ui["ui:order"]?.array?.compactMap(\.string) {
            let byKey = Dictionary(
                result.compactMap { field in key(field).map { ($0, field) } }, uniquingKeysWith: { first, _ in first })
            let named = Set(order.filter { $0 != "*" })
            let rest = result.filter { key($0).map { !named.contains($0) } ?? true }
            var ordered: [FormValue] = []
            for name in order {
                if name == "*" {
                    ordered += rest
                } else if let field = byKey[name] {
                    ordered.append(field)
                } else {
                    state.uiError(
                        "'ui:order' names '\(name)', which the schema does not have", at: pointer + "/ui:order")
                }
            }
            if !order.contains("*") { ordered += rest }
            result = ordered
        }
        return result
    }

    private static func setting(_ value: JSONValue) -> [(String, JSONValue)] {
        value.object?.pairs.map { ($0.key, $0.value) } ?? []
    }

    /// RJSF widgets as ModelForm field types and cells.
    static func widget(_ name: String, into record: inout FormRecord) {
        switch name {
        case "textarea": record["type"] = .string("longtext")
        case "password": record["type"] = .string("password")
        case "email": record["type"] = .string("email")
        case "uri", "url": record["type"] = .string("url")
        case "radio": record["inline"] = .bool(true)
        case "hidden": record["hidden"] = .bool(true)
        case "date": record["type"] = .string("date")
        case "time": record["type"] = .string("time")
        case "datetime", "alt-datetime": record["type"] = .string("datetime")
        case "alt-date": record["type"] = .string("date")
        default:
            // select, checkbox, checkboxes, text, color, file, updown, range: the inferred field already fits.
            break
        }
    }

    // MARK: JSON Forms

    static func jsonForms(_ ui: JSONValue, fields: [FormValue], state: inout ImportState, pointer: String) -> FormRecord
    {
        var sections: [(header: String?, keys: [(String, FormRecord)])] = [(nil, [])]
        func walk(_ element: JSONValue, _ elementPointer: String) {
            switch element["type"]?.string {
            case "Group", "Category":
                sections.append((element["label"]?.string ?? "", []))
                for (index, child) in (element["elements"]?.array ?? []).enumerated() {
                    walk(child, elementPointer + "/elements/\(index)")
                }
                sections.append((nil, []))
            case "Control":
                guard var scope = element["scope"].flatMap(\.string).map(dataScope),
                    scope == "#" || scope == "#/" || scope.hasPrefix("#/properties/")
                else {
                    state.uiError(
                        "a Control's scope must name a property of this object (#/properties/NAME)",
                        at: elementPointer + "/scope")
                    return
                }
                if scope == "#/" { scope = "#" }
                if scope == "#", !state.wrapsValue { return }  // the object itself: the form
                var name = scope == "#" ? "value" : String(scope.dropFirst("#/properties/".count))
                var record = FormRecord()
                if let slash = name.firstIndex(of: "/") {
                    // A control inside a nested object: that object's form is drawn in place, where its first control is.
                    name = String(name[..<slash])
                    record["inline"] = .bool(true)
                    if sections[sections.count - 1].keys.contains(where: { $0.0 == name }) { return }
                }
                if let label = element["label"]?.string { record["title"] = .string(label) }
                if element["options"]?["multi"] == .bool(true) { record["type"] = .string("longtext") }
                if let ruleValue = element["rule"],
                    let (name, value) = rule(ruleValue, elementPointer + "/rule", state: &state)
                {
                    record[name] = value
                }
                sections[sections.count - 1].keys.append((name, record))
            case "Label", nil:
                break
            default:  // VerticalLayout, HorizontalLayout, Categorization: their elements in order
                for (index, child) in (element["elements"]?.array ?? []).enumerated() {
                    walk(child, elementPointer + "/elements/\(index)")
                }
            }
        }
        walk(ui, pointer)
        let byKey = Dictionary(
            fields.compactMap { field in key(field).map { ($0, field) } }, uniquingKeysWith: { first, _ in first })
        var placed: Set<String> = []
        var result: [FormValue] = []
        for section in sections where !section.keys.isEmpty {
            var list: [FormValue] = []
            for (name, settings) in section.keys {
                guard let field = byKey[name] else {
                    state.uiError("a Control names '\(name)', which the schema does not have", at: pointer)
                    continue
                }
                guard placed.insert(name).inserted else { continue }
                list.append(
                    update(field) { record in
                        for (key, value) in zip(settings.keys, settings.values) { record[key] = value }
                    })
            }
            var entry = FormRecord()
            if let header = section.header { entry["header"] = .string(header) }
            entry["fields"] = .list(list)
            result.append(.record(entry))
        }
        // Properties no Control shows stay in the model but not in the form (as in JSON Forms).
        let hidden = fields.filter { key($0).map { !placed.contains($0) } ?? false }.map {
            update($0) { $0["hidden"] = .bool(true) }
        }
        if !hidden.isEmpty { result.append(.record(FormRecord([("fields", .list(hidden))]))) }
        return FormRecord([("sections", .list(result))])
    }

    /// What a JSON Forms condition tests: a ModelForm condition, or nothing at all (JSON
    /// Forms holds true a condition that is none of `AND`, `OR`, `LEAF` or one with a
    /// `schema`: `{"scope": "#"}`).
    private enum RuleTest {
        case always
        case holds(Condition)
    }

    private static func condition(_ test: JSONValue, _ pointer: String, state: inout ImportState) -> RuleTest? {
        if let kind = test["type"]?.string, kind == "AND" || kind == "OR" {
            var parts: [Condition] = []
            let listed = test["conditions"]?.array ?? []
            for (index, part) in listed.enumerated() {
                switch condition(part, pointer + "/conditions/\(index)", state: &state) {
                case nil: return nil
                case .always?: if kind == "OR" { return .always }  // true, whatever the others
                case .holds(let next)?: parts.append(next)
                }
            }
            guard let first = parts.first else {
                if listed.isEmpty {
                    state.uiError("an \(kind) condition needs conditions", at: pointer)
                    return nil
                }
                return .always  // an AND of conditions that all hold
            }
            return .holds(parts.dropFirst().reduce(first) { kind == "AND" ? .and($0, $1) : .or($0, $1) })
        }
        if test["schema"] == nil, test["expectedValue"] == nil { return .always }
        guard let scope = test["scope"]?.string, let path = path(scope) else {
            state.uiError(
                "this condition cannot be expressed yet (it must test a property of this object)", at: pointer)
            return nil
        }
        if let expected = test["expectedValue"], let value = ImportState.literal(expected) {
            return .holds(.compare(path, .equal, .value(value)))
        }
        guard let schema = test["schema"] else {
            state.uiError(
                "this condition's expectedValue for '\(path)' must be a string, number, Boolean or null",
                at: pointer + "/expectedValue")
            return nil
        }
        if let constant = schema["const"], let value = ImportState.literal(constant) {
            return .holds(.compare(path, .equal, .value(value)))
        }
        if let values = schema["enum"]?.array?.compactMap(ImportState.literal) {
            return .holds(.oneOf(path, values, negated: false))
        }
        if let negated = schema["not"]?["const"], let value = ImportState.literal(negated) {
            return .holds(.compare(path, .notEqual, .value(value)))
        }
        state.uiError("this condition's schema cannot be expressed yet (use const or enum)", at: pointer + "/schema")
        return nil
    }

    /// A scope without the segments that lead into a composition's branches
    /// (`#/anyOf/0/then/properties/lastname` → `#/properties/lastname`): the property they
    /// name is the object's own, as JSON Forms reads such a scope.
    static func dataScope(_ scope: String) -> String {
        var segments = scope.split(separator: "/", omittingEmptySubsequences: false)
        var index = 1
        while index < segments.count {
            let isBranch = index + 1 < segments.count && Int(segments[index + 1]) != nil
            switch segments[index] {
            case "allOf" where isBranch, "anyOf" where isBranch, "oneOf" where isBranch:
                segments.removeSubrange(index...(index + 1))
            case "then", "else":
                segments.remove(at: index)
            case "properties":
                index += 2
            default:
                return scope
            }
        }
        return segments.joined(separator: "/")
    }

    /// `#/properties/address/properties/state` → `address.state`.
    private static func path(_ scope: String) -> FormPath? {
        var rest = Substring(dataScope(scope))
        if rest.hasPrefix("#") { rest = rest.dropFirst() }
        var components: [FormPath.Component] = []
        while rest.hasPrefix("/properties/") {
            rest = rest.dropFirst("/properties/".count)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            components.append(.key(String(rest[..<end])))
            rest = rest[end...]
        }
        return rest.isEmpty && !components.isEmpty ? FormPath(components) : nil
    }

    /// A JSON Forms rule as a ModelForm key of the field: `SHOW`/`HIDE` → `visibleIf`,
    /// `ENABLE`/`DISABLE` → `enabledIf`; conditions test properties (nested ones too) with a
    /// `const`, an `enum` or a `not` of a `const`, or a `LEAF`'s `expectedValue`, and
    /// combine with `AND` / `OR`. A condition that always holds hides (`hidden`) or disables
    /// (`readOnly`) for good, or changes nothing (`nil`).
    private static func rule(_ rule: JSONValue, _ pointer: String, state: inout ImportState) -> (String, FormValue)? {
        guard let effect = rule["effect"]?.string, let test = rule["condition"],
            let tested = condition(test, pointer + "/condition", state: &state)
        else { return nil }
        switch (effect, tested) {
        case ("SHOW", .holds(let condition)): return ("visibleIf", .string(condition.description))
        case ("HIDE", .holds(let condition)): return ("visibleIf", .string(Condition.not(condition).description))
        case ("ENABLE", .holds(let condition)): return ("enabledIf", .string(condition.description))
        case ("DISABLE", .holds(let condition)):
            return ("enabledIf", .string(Condition.not(condition).description))
        case ("SHOW", .always), ("ENABLE", .always): return nil
        case ("HIDE", .always): return ("hidden", .bool(true))
        case ("DISABLE", .always): return ("readOnly", .bool(true))
        default:
            state.uiError("unknown rule effect '\(effect)'", at: pointer + "/effect")
            return nil
        }
    }
}
