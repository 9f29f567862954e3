/// The rules that turn a property into a field.
///
/// Field type from the property's Swift type:
///
/// | Swift type | field type |
/// |---|---|
/// | `Bool` | `boolean` |
/// | `Int`, `Int8` ... `Int64` | `integer` |
/// | `UInt`, `UInt8` ... `UInt64` | `unsigned` |
/// | `Double`, `Float` | `float` |
/// | `Decimal` | `number` |
/// | `Date` | `date`; `time` when the key ends in "time"; `datetime` when it ends in "datetime", "timestamp" or the word "At" (`createdAt`) |
/// | `URL` | `url` |
/// | `Data` | `image` |
/// | `String` | `text`, then the name rules below |
/// | `CaseIterable & RawRepresentable` enum | `options` (its cases, titled from the case names) |
/// | ``FormOptionSet`` | `bitfield` (its named bits) |
/// | array or set of such an enum | `multiselect` |
/// | a nested model | `subform` (to-one relationship) |
/// | array or set of models | `collection`, with a `subform` template (to-many) |
/// | array or set of anything else | `collection`, with the element's field as template |
/// | `[String: T]` (keys `String`, or `RawRepresentable` by one) | `map`, with `T`'s field as template |
/// | ``JSONValue`` (free JSON) | `json`, edited as JSON or YAML text |
/// | another unsupported type | `label`, read-only |
///
/// Name rules for `String` properties (FXForms' rules: suffix match, case-insensitive, first
/// match wins; `_` and `-` are ignored, so snake_case keys match too): `password` -> `password`; `email`, `emailAddress` -> `email`; `phone`,
/// `phoneNumber` -> `phone`; `url`, `link` -> `url`; and ours: `notes`, `bio`, `biography`,
/// `description`, `comments`, `message`, `about` -> `longtext`.
///
/// Optionals are inferred as their wrapped type. Input traits follow the field type (see
/// ``traits(for:key:passwordIsNew:)``).
package struct FieldInference: Sendable {
    /// A name rule: a `String` property whose key ends with one of `suffixes` gets `type`.
    package struct NameRule: Hashable, Sendable {
        /// Lower-case key suffixes.
        package var suffixes: [String]
        /// The field type they give.
        package var type: FieldType

        /// A name rule.
        package init(suffixes: [String], type: FieldType) {
            self.suffixes = suffixes.map { $0.lowercased() }
            self.type = type
        }
    }

    /// The name rules for `String` properties, first match wins.
    package var nameRules: [NameRule]

    /// Inference with the given name rules.
    package init(nameRules: [NameRule] = FieldInference.standardNameRules) {
        self.nameRules = nameRules
    }

    /// The standard rules.
    package static let standard = FieldInference()

    /// FXForms' name rules, then ModelForm's long-text rule.
    package static let standardNameRules: [NameRule] = [
        NameRule(suffixes: ["password"], type: .password),
        NameRule(suffixes: ["email", "emailAddress"], type: .email),
        NameRule(suffixes: ["phone", "phoneNumber"], type: .phone),
        NameRule(suffixes: ["url", "link"], type: .url),
        NameRule(
            suffixes: ["notes", "bio", "biography", "description", "comments", "message", "about"], type: .longText),
    ]

    /// The field type for a property of the given type.
    package func fieldType(for valueType: ValueType, key: String) -> FieldType {
        switch valueType.unwrapped {
        case .bool: return .boolean
        case .integer: return .integer
        case .unsigned: return .unsigned
        case .float: return .float
        case .decimal: return .number
        case .date: return dateFieldType(key: key)
        case .url: return .url
        case .data: return .image
        case .string:
            let lower = MatchKey(key)
            return nameRules.first { rule in rule.suffixes.contains(where: lower.hasSuffix) }?.type ?? .text
        case .enumeration: return .options
        case .optionSet: return .bitfield
        case .model: return .subform
        case .array(let element), .set(let element):
            if case .enumeration = element.unwrapped { return .multiSelect }
            return .collection
        case .tuple: return .collection
        case .dictionary: return .map
        case .json: return .json
        case .union: return .alternatives
        case .unsupported: return .label
        case .optional, .singleValue: return .default  // never: `unwrapped` removes them
        }
    }

    private func dateFieldType(key: String) -> FieldType {
        let lower = MatchKey(key)
        if lower.hasSuffix("datetime") || lower.hasSuffix("timestamp") || TitleInference.words(key).last == "At" {
            return .dateTime
        }
        return lower.hasSuffix("time") ? .time : .date
    }
}
