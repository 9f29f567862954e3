import ModelForm

/// Reads one type's entry of a config file.
struct TypeConfigReader {
    let loader: ConfigLoader
    let typeName: String

    static let typeSettingNames = FormsFileReference.typeSettings.map(\.name)

    func apply(_ node: YAMLNode, to configs: inout ConfigDictionary, reader: inout NodeReader) {
        let firstRule = reader.pendingRules.count
        defer { for index in firstRule..<reader.pendingRules.count { reader.pendingRules[index].typeName = typeName } }
        if node.sequence != nil {
            applyFieldList(node, to: &configs, reader: &reader)
            return
        }
        guard var config = configs[typeName], let pairs = reader.mapping(node, "the config of '\(typeName)'") else {
            return
        }
        let entries = Dictionary(
            pairs.compactMap { pair in pair.key.string.map { ($0, pair) } }, uniquingKeysWith: { a, _ in a })
        for pair in pairs where !Self.typeSettingNames.contains(pair.key.string ?? "") {
            let name = pair.key.string ?? "?"
            reader.error(
                "unknown setting '\(name)' in '\(typeName)'" + Suggestion.hint(for: name, in: Self.typeSettingNames),
                at: pair.key)
        }
        if let fields = entries["fields"], let sections = entries["sections"] {
            reader.error(
                "'fields' and 'sections' both set the field order; use one (sections start at line \(sections.key.mark.line))",
                at: fields.key)
        }
        let original = OriginalForm(config)
        if let fields = entries["fields"] {
            config.fields = fieldList(fields.value, original: original, configs: configs, reader: &reader)
        }
        if let sections = entries["sections"] {
            config.fields = sectionList(sections.value, original: original, configs: configs, reader: &reader)
        }
        if let overrides = entries["overrides"] {
            let current = OriginalForm(config)
            for pair in reader.mapping(overrides.value, "'overrides'") ?? [] {
                guard let key = reader.string(pair.key, "a field name"),
                    let settings = reader.mapping(pair.value, "the settings of '\(key)'")
                else { continue }
                guard let position = current.index[key] else {
                    if original.field(key) != nil {
                        // A property of the type that the field order left out.
                        let order = entries["sections"] != nil ? "sections" : "fields"
                        reader.error(
                            "'\(key)' is not in the form: '\(order)' leaves it out (line \(entries[order]?.key.mark.line ?? 0)); add it there to override it",
                            at: pair.key)
                    } else {
                        unknownField(key, at: pair.key, config: original, reader: &reader)
                    }
                    continue
                }
                reader.apply(
                    settings, to: &config.fields[position], context: loader.context, siblings: original.siblings)
            }
        }
        if let excluded = entries["excludedFields"] {
            for item in reader.sequence(excluded.value, "'excludedFields'") ?? [] {
                guard let key = reader.string(item, "a field name") else { continue }
                if original.field(key) == nil {
                    unknownField(key, at: item, config: original, reader: &reader)
                } else {
                    try? config.exclude([key])
                }
            }
        }
        if let extra = entries["extraFields"] {
            for item in reader.sequence(extra.value, "'extraFields'") ?? [] {
                if let field = field(item, original: original, configs: configs, reader: &reader) {
                    config.fields.append(field)
                }
            }
        }
        if let actions = entries["actions"] {
            config.actions = (reader.sequence(actions.value, "'actions'") ?? []).compactMap {
                action($0, reader: &reader)
            }
        }
        if let title = entries["title"] { config.title = reader.string(title.value, "'title'") ?? config.title }
        if let policy = entries["clearWhenHidden"], let text = reader.string(policy.value, "'clearWhenHidden'") {
            if let value = HiddenValuePolicy(rawValue: text) {
                config.hiddenValues = value
            } else {
                reader.error("'clearWhenHidden' is keep or clear, not '\(text)'", at: policy.value)
            }
        }
        configs.replace(config)
    }

    /// FXForms' field list as the type's whole field list; defines the type if it is new.
    func applyFieldList(_ node: YAMLNode, to configs: inout ConfigDictionary, reader: inout NodeReader) {
        let firstRule = reader.pendingRules.count
        defer { for index in firstRule..<reader.pendingRules.count { reader.pendingRules[index].typeName = typeName } }
        if let config = configs[typeName] {
            var config = config
            config.fields = fieldList(node, original: OriginalForm(config), configs: configs, reader: &reader)
            configs.replace(config)
            return
        }
        let empty = FormConfig(typeName: typeName, fields: [])
        let fields = fieldList(node, original: OriginalForm(empty), configs: configs, reader: &reader, dynamic: true)
        let properties = fields.compactMap { field in
            field.key.map { PropertyDescription(key: $0, valueType: field.valueType ?? .optional(.string)) }
        }
        configs.define(
            EntityDescription(name: typeName, properties: properties),
            config: FormConfig(typeName: typeName, fields: fields))
    }

    func fieldList(
        _ node: YAMLNode, original: OriginalForm, configs: ConfigDictionary, reader: inout NodeReader,
        dynamic: Bool = false
    ) -> [Field] {
        var seen: [String: YAMLNode] = [:]
        var result: [Field] = []
        for item in reader.sequence(node, "'fields'") ?? [] {
            guard let field = field(item, original: original, configs: configs, reader: &reader, dynamic: dynamic)
            else { continue }
            if let key = field.key {
                if let first = seen[key] {
                    reader.error("'\(key)' is listed twice (first at line \(first.mark.line))", at: item)
                    continue
                }
                seen[key] = item
            }
            result.append(field)
        }
        return result
    }

    func sectionList(_ node: YAMLNode, original: OriginalForm, configs: ConfigDictionary, reader: inout NodeReader)
        -> [Field]
    {
        var result: [Field] = []
        for section in reader.sequence(node, "'sections'") ?? [] {
            guard let pairs = reader.mapping(section, "a section") else { continue }
            var fields: [Field] = []
            var header: String?
            var footer: String?
            var rule: (condition: Condition, places: ConditionPlaces, node: YAMLNode)?
            for pair in pairs {
                switch pair.key.string {
                case "header": header = reader.optionalString(pair.value, "'header'")
                case "footer": footer = reader.optionalString(pair.value, "'footer'")
                case "visibleIf":
                    guard let text = reader.string(pair.value, "'visibleIf'") else { continue }
                    do {
                        let (condition, places) = try Condition.parseWithPlaces(text)
                        rule = (condition, places, pair.value)
                    } catch {
                        reader.error("visibleIf: \(error.message)", at: pair.value, offset: error.offset)
                    }
                case "fields": fields = fieldList(pair.value, original: original, configs: configs, reader: &reader)
                default:
                    let name = pair.key.string ?? "?"
                    reader.error(
                        "unknown section setting '\(name)'"
                            + Suggestion.hint(for: name, in: FormsFileReference.sectionSettings.map(\.name)),
                        at: pair.key)
                }
            }
            guard !fields.isEmpty else {
                reader.error("a section needs 'fields'", at: section)
                continue
            }
            if let rule {
                // A section's rule hides each of its fields (with the field's own rule, if any).
                reader.pendingRules.append(
                    PendingRule(
                        typeName: "", fieldKey: nil, setting: "visibleIf", condition: rule.condition,
                        places: rule.places, node: rule.node))
                for index in fields.indices {
                    fields[index].conditions.visibleIf =
                        fields[index].conditions.visibleIf.map { .and(rule.condition, $0) } ?? rule.condition
                    fields[index].sources["visibleIf"] =
                        fields[index].sources["visibleIf"] ?? rule.node.mark.description
                }
            }
            fields[0].header = header ?? ""
            fields[0].sources["header"] = (pairs.first { $0.key.string == "header" }?.value ?? section).mark.description
            if let footer {
                fields[fields.count - 1].footer = footer
                fields[fields.count - 1].sources["footer"] =
                    pairs.first { $0.key.string == "footer" }?.value.mark.description
            }
            result += fields
        }
        return result
    }

    /// One item of a field list: a key, or a field dictionary (with or without a key).
    func field(
        _ node: YAMLNode, original: OriginalForm, configs: ConfigDictionary, reader: inout NodeReader,
        dynamic: Bool = false
    ) -> Field? {
        var pairs: [YAMLPair] = []
        var keyNode = node
        if node.mapping == nil {
            guard reader.string(node, "a field") != nil else { return nil }
        } else {
            pairs = node.mapping ?? []
            keyNode = pairs.first { $0.key.string == "key" }?.value ?? node
        }
        let key = keyNode.mapping == nil ? keyNode.string : nil
        var field: Field
        if let key {
            if let existing = original.field(key) {
                field = existing
            } else if dynamic {
                let type = FieldInference.standard.fieldType(for: .string, key: key)
                field = Field(
                    key: key, type: type,
                    traits: FieldInference.standard.traits(for: type, key: key, passwordIsNew: false))
            } else {
                unknownField(key, at: keyNode, config: original, reader: &reader)
                return nil
            }
        } else {
            field = Field(key: nil, type: .label)
        }
        reader.apply(pairs, to: &field, context: loader.context, siblings: original.siblings)
        if dynamic, field.key != nil, field.valueType == nil { field.valueType = Self.dynamicValueType(field) }
        if field.isVirtual, field.title.isEmpty, field.action == nil {
            reader.error("a field without a 'key' needs a 'title' or an 'action'", at: node)
        }
        return field
    }

    func action(_ node: YAMLNode, reader: inout NodeReader) -> Field? {
        if let name = node.string, !node.isNull {
            return Field(key: nil, type: .action, title: TitleInference.title(forKey: name), action: name)
        }
        guard let pairs = reader.mapping(node, "an action") else { return nil }
        var field = Field(key: nil, type: .action)
        reader.apply(pairs, to: &field, context: loader.context, siblings: nil)
        if field.action == nil { reader.error("an action needs 'action'", at: node) }
        if field.title.isEmpty { field.title = TitleInference.title(forKey: field.action ?? "") }
        return field
    }

    func unknownField(_ key: String, at node: YAMLNode, config: OriginalForm, reader: inout NodeReader) {
        reader.error("unknown field '\(key)' in '\(typeName)'" + Suggestion.hint(for: key, in: config.keys), at: node)
    }

    /// The value type a field of a dynamic form stores, from its field type.
    static func dynamicValueType(_ field: Field) -> ValueType {
        switch field.type {
        case .boolean, .option: return .bool
        case .integer: return .optional(.integer(bits: 64))
        case .unsigned: return .optional(.unsigned(bits: 64))
        case .float: return .optional(.float(bits: 64))
        case .number: return .optional(.decimal)
        case .date, .time, .dateTime: return .optional(.date)
        case .image: return .optional(.data)
        case .url: return .optional(.url)
        case .multiSelect: return .array(.string)
        case .bitfield: return .unsigned(bits: 64)
        default: return .optional(.string)
        }
    }
}

/// A type's form as it was before a config entry changed it, indexed by key once (a
/// 10,000-line config looks fields up thousands of times).
struct OriginalForm {
    let config: FormConfig
    let index: [String: Int]
    let keys: [String]

    init(_ config: FormConfig) {
        self.config = config
        keys = config.fields.compactMap(\.key)
        var index: [String: Int] = [:]
        index.reserveCapacity(config.fields.count)
        for (position, field) in config.fields.enumerated() {
            if let key = field.key, index[key] == nil { index[key] = position }
        }
        self.index = index
    }

    func field(_ key: String) -> Field? { index[key].map { config.fields[$0] } }

    /// The keys a rule such as `equalTo` may name; `nil` when the form has no fields yet.
    var siblings: [String]? { keys.isEmpty ? nil : keys }
}
