import ModelForm

extension ImportState {
    /// An array's type: a list of its `items`' type, a `Set` of a choice with `uniqueItems`,
    /// a list of free values without `items`, or a tuple (``tupleType(_:pointer:suggested:key:)``).
    mutating func arrayType(_ schema: JSONValue, pointer: String, suggested: String, key: String)
        -> PropertyType
    {
        if let tuple = tupleType(schema, pointer: pointer, suggested: suggested, key: key) { return tuple }
        // No `items`: any value in each place.
        guard let items = schema["items"] else { return PropertyType(expression: "[JSON]") }
        let element = dereferenced(items, pointer: pointer + "/items")
        var inner = propertyType(
            element.schema, pointer: element.pointer, suggested: ItemTitles.singular(suggested), key: key)
        inner.nullable = false
        let isChoice =
            element.schema["enum"] != nil || element.schema["oneOf"].map(Self.isConstantChoice) == true
            || element.schema["anyOf"].map(Self.isConstantChoice) == true
        if isChoice, schema["uniqueItems"] == .bool(true) {
            return PropertyType(expression: "Set<\(inner.expression)>", fieldType: nil)
        }
        return PropertyType(
            expression: "[\(inner.expression)]", fieldType: nil, entity: inner.entity,
            itemSuggestions: inner.suggestions)
    }

    /// A tuple, `(String, Bool)`: an array whose items differ by position (`prefixItems`;
    /// draft-07: `items` as an array), each position's type in order, then the type of the
    /// items after them (`items`; draft-07: `additionalItems`): none when that is `false`,
    /// free JSON when it is absent or `true`. Each position's title, help and rules are its
    /// field's (`positions:` in the forms file). `nil` for an array of one kind of item.
    mutating func tupleType(_ schema: JSONValue, pointer: String, suggested: String, key: String) -> PropertyType? {
        let draft7 = schema["prefixItems"] == nil
        guard let prefix = schema["prefixItems"]?.array ?? schema["items"]?.array else { return nil }
        var elements: [String] = []
        var positions: [FormValue] = []
        for (index, item) in prefix.enumerated() {
            let place = pointer + (draft7 ? "/items/\(index)" : "/prefixItems/\(index)")
            let resolved = dereferenced(item, pointer: place)
            let inner = propertyType(
                resolved.schema, pointer: resolved.pointer, suggested: suggested + "Position\(index + 1)", key: key)
            elements.append(inner.written)
            var setting = FormRecord()
            if let title = item["title"]?.string ?? resolved.schema["title"]?.string {
                setting["title"] = .string(title)
            }
            if let help = item["description"]?.string ?? resolved.schema["description"]?.string {
                setting["help"] = .string(help)
            }
            if let type = inner.fieldType { setting["type"] = .string(type) }
            if let example = (item["examples"] ?? resolved.schema["examples"])?.array?.first,
                let text = Self.text(example)
            {
                setting["placeholder"] = .string(text)
            }
            let rules = self.rules(resolved.schema, pointer: resolved.pointer)
            if !rules.isEmpty { setting["rules"] = .list(rules) }
            positions.append(.record(setting))
        }
        let restKeyword = draft7 ? "additionalItems" : "items"
        var rest: String?
        var restSetting = FormRecord()
        switch schema[restKeyword] {
        case .bool(false)?: rest = nil
        case nil, .bool(true)?: rest = "JSON"
        case let restSchema?:
            let resolved = dereferenced(restSchema, pointer: pointer + "/" + restKeyword)
            let inner = propertyType(
                resolved.schema, pointer: resolved.pointer, suggested: ItemTitles.singular(suggested), key: key)
            rest = inner.written
            if let example = resolved.schema["examples"]?.array?.first, let text = Self.text(example) {
                restSetting["placeholder"] = .string(text)
            }
        }
        let expression = "(" + (elements + (rest.map { [$0 + "..."] } ?? [])).joined(separator: ", ") + ")"
        return PropertyType(
            expression: expression, positions: positions, restSetting: restSetting.isEmpty ? nil : restSetting)
    }
}
