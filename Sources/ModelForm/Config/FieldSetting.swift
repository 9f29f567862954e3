/// One setting a field may make in a forms file (FXForms' field keys plus ModelForm's own):
/// its name, the shape of its value and what it means.
///
/// ``FieldSetting/all`` is the one table the package reads forms files from, `modelform
/// describe` shows settings from, did-you-mean suggestions come from, and the YAML reference
/// article is generated from. A new setting is a new row here plus a `Field` property.
package struct FieldSetting: Sendable {
    /// A key path to an optional text setting.
    package typealias TextPath = WritableKeyPath<Field, String?> & Sendable
    /// A key path to a yes/no setting.
    package typealias FlagPath = WritableKeyPath<Field, Bool> & Sendable
    /// A key path to a conditional rule.
    package typealias ConditionPath = WritableKeyPath<Field, Condition?> & Sendable
    /// A key path to a list of texts.
    package typealias TextsPath = WritableKeyPath<Field, [String]> & Sendable
    /// A key path to a list of validation rules.
    package typealias RulesPath = WritableKeyPath<Field, [ValidationRule]> & Sendable

    /// What a setting holds, which decides how it is read and shown.
    package enum Shape: Sendable {
        /// The property name (`key`): read to find the field, never changed.
        case key
        /// A field type name (`type`).
        case fieldType
        /// The label (`title`): text, never `null`.
        case title
        /// Text or `null`.
        case text(TextPath)
        /// `true` or `false`.
        case flag(FlagPath)
        /// A value parsed as the field parses input (`default`).
        case value
        /// A list of choices (`options`).
        case options
        /// A list of texts (`suggestions`).
        case texts(TextsPath)
        /// A nested field dictionary describing each collection item (`template`).
        case template
        /// A list of nested field dictionaries, one per position of a tuple (`positions`).
        case positions
        /// The name of something registered: a cell or a value transformer.
        case registered(TextPath, Registry)
        /// An action name, FXForms' trailing `:` dropped (`action`).
        case action
        /// A list of validation rules (`rules`, `keyRules`).
        case rules(RulesPath)
        /// FXForms' Objective-C `class` (`NSString`, `NSDate`...), read as a value type.
        case objcClass
        /// A condition on the form's values (`visibleIf`, `enabledIf`, `requiredIf`).
        case condition(ConditionPath)
        /// What saving does to a hidden field's value (`clearWhenHidden`).
        case hiddenPolicy
        /// The type of the records an integer field holds the id of (`lookup`).
        case lookup
        /// What deleting the record a lookup holds does to this one (`onDelete`).
        case lookupDeletion
    }

    /// Where a named setting's names are registered.
    package enum Registry: String, Sendable {
        case cell = "cell"
        case valueTransformer = "value transformer"
    }

    /// The key in a field dictionary.
    package let name: String
    /// What its value holds.
    package let shape: Shape
    /// One sentence for the reference.
    package let summary: String
    /// A YAML example of the value.
    package let example: String

    /// Every setting, in the order the reference lists them.
    package static let all: [FieldSetting] = [
        FieldSetting(
            name: "key", shape: .key,
            summary: "The model property the field edits; absent for a virtual field such as a button.",
            example: "email"),
        FieldSetting(
            name: "type", shape: .fieldType,
            summary: "The field type, which picks the cell and how input is parsed; inferred when absent.",
            example: "email"),
        FieldSetting(
            name: "title", shape: .title,
            summary: "The label; inferred from the key when absent (`firstName` is \"First Name\").",
            example: "Email Address"),
        FieldSetting(
            name: "placeholder", shape: .text(\.placeholder),
            summary: "Shown when the value is empty; for options, the \"no value\" choice offered first.",
            example: "you@example.com"),
        FieldSetting(
            name: "default", shape: .value,
            summary:
                "Stored when the value is `null`, parsed as the field parses input; a list or a map as YAML; a related record's is the record an absent one starts as (over its type's defaults), checked against its form.",
            example: "1"),
        FieldSetting(
            name: "options", shape: .options,
            summary:
                "The choices: `[a, b]`, `[{value: a, title: A}]` or `{a: A}`; a field with options becomes an options (or multi-select) field.",
            example: "[free, pro]"),
        FieldSetting(
            name: "suggestions", shape: .texts(\.suggestions),
            summary:
                "Values offered for a text field that still takes any text (an HTML `<datalist>`; listed in the terminal editor).",
            example: "[json, yaml]"),
        FieldSetting(
            name: "lookup", shape: .lookup,
            summary:
                "Makes an integer field a lookup: it holds the id of a record of this type, chosen among that type's records by their titles where a record server serves them; on a list of integers, a to-many lookup (a multi-choice).",
            example: "Department"),
        FieldSetting(
            name: "onDelete", shape: .lookupDeletion,
            summary:
                "On a lookup: what deleting the record it holds does to this one: `refuse` the delete while any record holds it (the default), `cascade` (delete this record too) or `clear` (an optional lookup set to nothing; a to-many lookup loses that id).",
            example: "clear"),
        FieldSetting(
            name: "template", shape: .template,
            summary:
                "The settings of each item of a collection field (or each entry of a map), as a nested field dictionary; its `rules` check every item.",
            example: "{type: email, rules: [{pattern: '^[a-z]+$'}]}"),
        FieldSetting(
            name: "positions", shape: .positions,
            summary:
                "The settings of each position of a tuple field (a type written `(String, Bool)`), in order, as nested field dictionaries: a title, help, rules; `template` sets those of the items after them (`(String, JSON...)`).",
            example: "[{title: Plugin}, {title: Options, help: Passed to the plugin.}]"),
        FieldSetting(
            name: "valueTransformer", shape: .registered(\.valueTransformer, .valueTransformer),
            summary: "A registered value transformer that formats the value and the options for display.",
            example: "uppercase"),
        FieldSetting(
            name: "action", shape: .action,
            summary: "The action a button runs, or the field runs on change; FXForms' trailing `:` is dropped.",
            example: "submit"),
        FieldSetting(
            name: "header", shape: .text(\.header),
            summary: "Starts a new section before the field with this title; `\"\"` starts one without a title.",
            example: "Account"),
        FieldSetting(
            name: "footer", shape: .text(\.footer),
            summary: "Ends the section after the field with this footer; `\"\"` ends it without one.",
            example: "We never share your email."),
        FieldSetting(
            name: "inline", shape: .flag(\.inline),
            summary: "Shows options or a subform in place instead of behind a link.", example: "true"),
        FieldSetting(
            name: "sortable", shape: .flag(\.sortable), summary: "Lets the user reorder a collection's items.",
            example: "true"),
        FieldSetting(
            name: "cell", shape: .registered(\.cell, .cell),
            summary:
                "Draws the field with this registered cell (a built-in, one from `Cells/`, or one registered in code).",
            example: "slider"),
        FieldSetting(
            name: "readOnly", shape: .flag(\.readOnly), summary: "Shows the value without letting the user change it.",
            example: "true"),
        FieldSetting(
            name: "hidden", shape: .flag(\.hidden), summary: "Leaves the field out of the form; its value is kept.",
            example: "true"),
        FieldSetting(
            name: "help", shape: .text(\.help), summary: "Help text shown with the field.",
            example: "At least 8 characters."),
        FieldSetting(
            name: "rules", shape: .rules(\.rules),
            summary:
                "Validation rules: `required`, `email`, `url`, `{length: {min: 8, max: 100}}`, `{range: {min: 0, max: 120}}`, `{multipleOf: 5}`, `{pattern: '[A-Z]+'}`, `{equalTo: password}`, `{custom: name}`; each may add `message: ...`. `pattern`, `email` and `url` check text: on a list or a map they are an error (put them on its `template`).",
            example: "[required, {length: {min: 8}}]"),
        FieldSetting(
            name: "keyRules", shape: .rules(\.keyRules),
            summary:
                "A map's rules for its keys, as `rules` writes them (`{pattern: '^x-'}`, `{length: {max: 63}}`): a key that breaks one is refused when an entry is added or renamed.",
            example: "[{pattern: '^[a-z][a-z0-9-]*$'}]"),
        FieldSetting(
            name: "visibleIf", shape: .condition(\.conditions.visibleIf),
            summary:
                "Shows the field only while the rule holds; a hidden field is not drawn, not validated and not taken from a submission.",
            example: "gender == \"other\""),
        FieldSetting(
            name: "enabledIf", shape: .condition(\.conditions.enabledIf),
            summary: "Makes the field read-only while the rule does not hold.", example: "agreedToTerms and age >= 18"),
        FieldSetting(
            name: "requiredIf", shape: .condition(\.conditions.requiredIf),
            summary: "Requires a value while the rule holds.", example: "age > 17"),
        FieldSetting(
            name: "clearWhenHidden", shape: .hiddenPolicy,
            summary:
                "What saving does to the value while the field is hidden: `keep` it (the default) or `clear` it to the field's default.",
            example: "clear"),
        FieldSetting(
            name: "class", shape: .objcClass,
            summary:
                "FXForms' Objective-C class (`NSString`, `NSNumber`, `NSDate`, `NSURL`, `NSArray`...), read as the matching value type; any other class makes a read-only label.",
            example: "NSDate"),
    ]

    /// FXForms keys that name UIKit view controllers, refused with this explanation.
    package static let refused: [String: String] = [
        "segue": "'segue' names a UIKit view controller; ModelForm has no view controllers (use 'action')",
        "controller": "'controller' names a UIKit view controller; ModelForm has no view controllers (use 'action')",
    ]

    /// Every setting's name, for did-you-mean suggestions.
    package static let names: [String] = all.map(\.name)

    private static let byName: [String: FieldSetting] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The setting called `name`, if there is one.
    package static func named(_ name: String) -> FieldSetting? { byName[name] }

    /// The setting's value in `field`, as `modelform describe` shows it.
    package func display(in field: Field) -> String {
        switch shape {
        case .key: return field.key ?? ""
        case .fieldType: return field.type.rawValue
        case .title: return quoted(field.title)
        case .text(let path): return quoted(field[keyPath: path] ?? "")
        case .flag(let path): return String(field[keyPath: path])
        case .value: return field.defaultValue?.plainText ?? "null"
        case .options: return field.options.map(\.title).joined(separator: " | ")
        case .texts(let path): return field[keyPath: path].map(quoted).joined(separator: ", ")
        case .template: return field.template.map { "\($0.type.rawValue) \(quoted($0.title))" } ?? ""
        case .positions:
            return field.positions.map { "\($0.type.rawValue) \(quoted($0.title))" }.joined(separator: ", ")
        case .registered(let path, _): return field[keyPath: path] ?? ""
        case .action: return field.action ?? ""
        case .rules(let path): return field[keyPath: path].map(\.id).joined(separator: ", ")
        case .objcClass: return field.cellProperties["class"] ?? field.valueType?.name ?? ""
        case .condition(let path): return field[keyPath: path]?.description ?? ""
        case .hiddenPolicy: return field.conditions.whenHidden?.rawValue ?? ""
        case .lookup: return field.lookup ?? ""
        case .lookupDeletion: return field.onDelete.rawValue
        }
    }

    /// What the value looks like, for the reference.
    package var valueDescription: String {
        switch shape {
        case .key, .registered, .action: "name"
        case .fieldType: "field type"
        case .title: "text"
        case .text: "text or `null`"
        case .flag: "`true` / `false`"
        case .value: "value"
        case .options: "list or mapping"
        case .texts: "list of texts"
        case .template: "field dictionary"
        case .positions: "list of field dictionaries"
        case .rules: "list of rules"
        case .objcClass: "class name"
        case .condition: "rule"
        case .hiddenPolicy: "`keep` / `clear`"
        case .lookup: "type name"
        case .lookupDeletion: "`refuse` / `cascade` / `clear`"
        }
    }

    private func quoted(_ text: String) -> String { "\"\(text)\"" }
}
