import ModelForm

/// What a field dictionary may contain, and what names are known while reading it.
struct FieldContext {
    /// The field types that may be named (built-ins plus plugins').
    var fieldTypes: Set<FieldType>
    /// The cell names that may be named; `nil` accepts any.
    var cells: Set<String>?
    /// The value transformers that may be named; `nil` accepts any.
    var transformers: Set<String>?

    /// FXForms' `class` values (Objective-C classes) as Swift value types.
    static let objcClasses: [String: ValueType] = [
        "NSString": .optional(.string), "NSNumber": .optional(.float(bits: 64)), "NSDate": .optional(.date),
        "NSURL": .optional(.url), "NSData": .optional(.data), "UIImage": .optional(.data), "NSArray": .array(.string),
        "NSMutableArray": .array(.string), "NSOrderedSet": .array(.string), "NSSet": .set(.string),
        "NSIndexSet": .array(.integer(bits: 64)),
    ]
}

extension NodeReader {
    /// Applies a field dictionary's settings to `field`, recording where each came from.
    mutating func apply(_ pairs: [YAMLPair], to field: inout Field, context: FieldContext, siblings: [String]?) {
        var explicitType = false
        var suggestionsNode: YAMLNode?
        var deletionNode: YAMLNode?
        for pair in pairs {
            guard let name = string(pair.key, "a field key") else { continue }
            let value = pair.value
            guard let setting = FieldSetting.named(name) else {
                if let refusal = FieldSetting.refused[name] {
                    error(refusal, at: pair.key)
                } else if name.contains(".") {
                    field.sources[name] = value.mark.description
                    applyCellProperty(name, value, to: &field)
                } else {
                    error(
                        "unknown field key '\(name)'" + Suggestion.hint(for: name, in: FieldSetting.names), at: pair.key
                    )
                }
                continue
            }
            field.sources[name] = value.mark.description
            switch setting.shape {
            case .key: break
            case .fieldType:
                guard let text = string(value, "'type'") else { continue }
                let type = FieldType(rawValue: text)
                if (type == .alternatives) != (field.valueType.map(Self.isUnion) ?? (type == .alternatives)) {
                    // A union is drawn only as its alternatives, and only a union is.
                    error(
                        type == .alternatives
                            ? "'\(field.key ?? field.title)' is not one of several alternatives (a union type)"
                            : "'\(field.key ?? field.title)' is one of several alternatives: its type stays 'alternatives'",
                        at: value)
                } else if context.fieldTypes.contains(type) {
                    field.type = type
                    explicitType = true
                } else if context.cells?.contains(text) == true {
                    error("unknown field type '\(text)'; '\(text)' is a cell: write cell: \(text)", at: value)
                } else {
                    error(
                        "unknown field type '\(text)'"
                            + Suggestion.hint(for: text, in: context.fieldTypes.map(\.rawValue)), at: value)
                }
            case .title: field.title = optionalString(value, "'title'") ?? field.title
            case .text(let path): field[keyPath: path] = optionalString(value, "'\(name)'")
            case .flag(let path): field[keyPath: path] = bool(value, "'\(name)'") ?? field[keyPath: path]
            case .value:
                field.defaultValue = typedScalar(value, for: field)
                switch (field.shape, field.defaultValue) {
                case (.record, .record?), (.records, .list?): pendingDefaults.append((field, value))
                default: break
                }
            case .options: field.options = fieldOptions(value, for: field)
            case .texts(let path):
                guard let items = sequence(value, "'\(name)'") else { continue }
                field[keyPath: path] = items.compactMap { string($0, "each of '\(name)'") }
                suggestionsNode = value
            case .template:
                guard let templatePairs = mapping(value, "'template'") else { continue }
                var template =
                    field.template
                    ?? Field(key: nil, type: .text, title: field.title, valueType: field.valueType?.elementType)
                apply(templatePairs, to: &template, context: context, siblings: nil)
                field.template = template
            case .positions:
                guard let items = sequence(value, "'positions'") else { continue }
                guard items.count <= field.positions.count else {
                    error(
                        "'\(field.key ?? field.title)' has \(field.positions.count) positions (\(field.valueType?.name ?? "not a tuple")), and 'positions' lists \(items.count)",
                        at: value)
                    continue
                }
                for (index, item) in items.enumerated() {
                    guard let pairs = mapping(item, "each of 'positions'") else { continue }
                    apply(pairs, to: &field.positions[index], context: context, siblings: nil)
                }
            case .registered(let path, let registry):
                let known = registry == .cell ? context.cells : context.transformers
                field[keyPath: path] = named(value, "'\(name)'", known: known, kind: registry.rawValue)
            case .action:
                guard let action = string(value, "'action'") else { continue }
                field.action = action.hasSuffix(":") ? String(action.dropLast()) : action
            case .rules(let path):
                field[keyPath: path] = rules(value, siblings: siblings)
                if name == "rules" { checkRulesApply(field.rules, to: field, at: value) }
            case .objcClass: applyClass(value, to: &field)
            case .condition(let path):
                guard let text = string(value, "'\(name)'") else { continue }
                do {
                    let (condition, places) = try Condition.parseWithPlaces(text)
                    field[keyPath: path] = condition
                    pendingRules.append(
                        PendingRule(
                            typeName: "", fieldKey: field.key, setting: name, condition: condition, places: places,
                            node: value))
                } catch {
                    self.error("\(name): \(error.message)", at: value, offset: error.offset)
                }
            case .lookup:
                guard let text = string(value, "'lookup'") else { continue }
                if !typeNames.isEmpty, !typeNames.contains(text) {
                    error("unknown type '\(text)'" + Suggestion.hint(for: text, in: typeNames), at: value)
                } else if case .integer? = (field.valueType?.elementType ?? field.valueType)?.unwrapped {
                    field.lookup = text
                } else {
                    error(
                        "a lookup holds a record's id: '\(field.key ?? field.title)' is \(field.valueType?.name ?? "not a property"); declare it Int (or Int?), or [Int] for a to-many lookup",
                        at: value)
                }
            case .lookupDeletion:
                guard let text = string(value, "'onDelete'") else { continue }
                if let policy = LookupDeletion(rawValue: text) {
                    field.onDelete = policy
                    deletionNode = value
                } else {
                    error("'onDelete' is refuse, cascade or clear, not '\(text)'", at: value)
                }
            case .hiddenPolicy:
                guard let text = string(value, "'clearWhenHidden'") else { continue }
                if let policy = HiddenValuePolicy(rawValue: text) {
                    field.conditions.whenHidden = policy
                } else {
                    error("'clearWhenHidden' is keep or clear, not '\(text)'", at: value)
                }
            }
        }
        if !explicitType, !field.options.isEmpty, !field.type.choosesOptions {
            field.type = field.valueType?.elementType != nil ? .multiSelect : .options
        }
        if !explicitType, field.isVirtual, field.action != nil { field.type = .action }
        if let node = deletionNode { checkDeletion(of: field, at: node) }
        if let node = suggestionsNode, !field.suggestions.isEmpty, !field.type.takesSuggestions {
            error(
                "'suggestions' are for a text field (text, email, url, phone); '\(field.key ?? field.title)' is \(field.type.rawValue)",
                at: node)
        }
    }

    /// `onDelete` is a lookup's, and `clear` an optional or to-many lookup's.
    private mutating func checkDeletion(of field: Field, at node: YAMLNode) {
        let name = field.key ?? field.title
        if field.lookup == nil {
            error("'onDelete' is a lookup's setting: '\(name)' is not a lookup (add 'lookup: TYPE')", at: node)
        } else if field.onDelete == .clear, field.valueType?.elementType == nil, field.valueType?.isOptional == false {
            error(
                "'onDelete: clear' sets the lookup to nothing, but '\(name)' is required; make it optional (Int?) or use cascade",
                at: node)
        }
    }

    private static func isUnion(_ type: ValueType) -> Bool {
        if case .union = type.unwrapped { return true }
        return false
    }

    /// Refuses a text rule (`pattern`, `email`, `url`) on a field whose value is never text
    /// (a list, a map, a record): the validator would never apply it.
    private mutating func checkRulesApply(_ rules: [ValidationRule], to field: Field, at node: YAMLNode) {
        guard let valueType = field.valueType?.unwrapped else { return }
        let kind: String
        switch valueType {
        case .array, .set: kind = "a list"
        case .dictionary: kind = "a map"
        case .model: kind = "a record"
        case .union: kind = "one of several alternatives"
        case .tuple: kind = "a tuple"
        default: return
        }
        for rule in rules {
            let name: String
            switch rule.kind {
            case .pattern: name = "pattern"
            case .email: name = "email"
            case .url: name = "url"
            default: continue
            }
            error(
                "'\(name)' checks text, and '\(field.key ?? field.title)' is \(kind): it would never be applied"
                    + (kind == "a record"
                        ? ""
                        : kind == "a tuple"
                            ? " (for a position: positions: [{rules: [...]}])"
                            : " (for each item or entry: template: {rules: [...]})"),
                at: node)
        }
    }

    private mutating func named(_ node: YAMLNode, _ what: String, known: Set<String>?, kind: String) -> String? {
        guard let name = string(node, what) else { return nil }
        if let known, !known.contains(name) {
            error("unknown \(kind) '\(name)'" + Suggestion.hint(for: name, in: known), at: node)
        }
        return name
    }

    private mutating func applyClass(_ node: YAMLNode, to field: inout Field) {
        guard let name = string(node, "'class'") else { return }
        if let type = FieldContext.objcClasses[name] {
            if field.valueType == nil || field.isVirtual || field.sources["key"] == nil { field.valueType = type }
        } else {
            field.cellProperties["class"] = name
            field.type = .label
            field.readOnly = true
        }
    }

    private mutating func applyCellProperty(_ name: String, _ node: YAMLNode, to field: inout Field) {
        guard let text = string(node, "'\(name)'") else { return }
        field.cellProperties[name] = text
        if name == "textField.autocapitalizationType", let raw = Int(text) {
            let styles: [InputTraits.Autocapitalization] = [.none, .words, .sentences, .allCharacters]
            if styles.indices.contains(raw) { field.traits.autocapitalization = styles[raw] }
        }
    }

    /// Options: `[a, b]` (the value is the text, shown as written), `[{value:, title:}]`, or
    /// `{value: Title}` (SettingsViewController's title/value pairs).
    mutating func fieldOptions(_ node: YAMLNode, for field: Field) -> [FieldOption] {
        if let items = node.sequence {
            return items.compactMap { item in
                if let pairs = item.mapping {
                    guard let value = pairs.first(where: { $0.key.string == "value" })?.value else {
                        error("an option needs a 'value'", at: item)
                        return nil
                    }
                    let title = pairs.first { $0.key.string == "title" }.flatMap { string($0.value, "an option title") }
                    return FieldOption(value: optionValue(value, for: field), title: title ?? value.string ?? "")
                }
                guard let text = string(item, "an option") else { return nil }
                return FieldOption(value: optionValue(item, for: field), title: text)
            }
        }
        return (mapping(node, "'options'") ?? []).compactMap { pair in
            guard let title = string(pair.value, "an option title") else { return nil }
            return FieldOption(value: optionValue(pair.key, for: field), title: title)
        }
    }

    private func optionValue(_ node: YAMLNode, for field: Field) -> FormValue {
        let scalar = field.valueType.map { $0.elementType ?? $0 }?.unwrapped
        if scalar == .string || scalar == nil, let text = node.string { return .string(text) }
        return untyped(node)
    }

    /// A value read for a field's type (a `default`): a scalar parsed as the field parses
    /// input; a list's items and a map's entries each read for their field; a record and
    /// free JSON as they are.
    mutating func typedScalar(_ node: YAMLNode, for field: Field) -> FormValue? {
        if node.isNull { return .null }
        // Free JSON takes the value as written.
        guard let valueType = field.valueType, valueType.unwrapped != .json else { return untyped(node) }
        switch (field.shape, node.kind) {
        case (.items, .sequence(let items)):
            guard let template = field.template else { break }
            return .list(items.compactMap { typedScalar($0, for: template) })
        case (.positions, .sequence(let items)):
            return .list(
                items.enumerated().compactMap { index, item in
                    field.itemField(at: index).map { typedScalar(item, for: $0) } ?? untyped(item)
                })
        case (.entries, .mapping(let pairs)):
            var entries = FormRecord()
            for pair in pairs {
                guard let key = string(pair.key, "a key of 'default'"), let entry = field.entryField(key),
                    let value = typedScalar(pair.value, for: entry)
                else { continue }
                entries[key] = value
            }
            return .record(entries)
        case (.record, _), (.records, _): return untyped(node)
        default: break
        }
        do throws(FieldError) {
            if let items = node.sequence {
                return try InputParser().parse(items.compactMap(\.string), for: field, at: FormPath())
            }
            guard let text = string(node, "'default'") else { return nil }
            return try InputParser().parse(text, for: field, at: FormPath())
        } catch {
            self.error("invalid default: \(error.message)", at: node)
            return nil
        }
    }
}
