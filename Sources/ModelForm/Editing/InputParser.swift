import Foundation

/// Turns text typed by a person (or sent by an HTML form) into a typed ``FormValue`` for
/// a field. Locale-independent:
///
/// | field type | accepted text |
/// |---|---|
/// | `integer`, `unsigned` | decimal digits with an optional sign, range-checked for the property's width; `unsigned` refuses negatives |
/// | `float`, `number` | `12`, `-1.5`, `2.5e3` (a `.` decimal point, no grouping) |
/// | `boolean`, `option` | `true/false`, `yes/no`, `on/off`, `1/0` (any case) |
/// | `date`, `time`, `datetime` | ISO 8601 (see `ISODate`) |
/// | `url` | an absolute URL |
/// | `email` | `local@domain.tld` |
/// | `options` | an option's value, its title (any case) or its 0-based index (a lookup: a record's id only) |
/// | `multiselect` | options as above, comma-separated (or one per submitted value) |
/// | `bitfield` | option names/values/indices, comma-separated; or the integer of the bits |
/// | `image` | base64, or a `data:` URL |
/// | text types | the text as typed (long text keeps newlines) |
/// | `json` | JSON text, or what ``jsonText`` reads (YAML with `ModelFormYAML`'s `.yaml`) |
///
/// Empty input is `nil` for an optional property; for a non-optional one it is `""` for
/// text, an empty list for multi-select, 0 for a bitfield, JSON's `null` for free JSON and
/// an error otherwise.
package struct InputParser: Sendable {
    /// How a free-JSON field's text is read (JSON unless set).
    package var jsonText = JSONTextReader.json

    /// A parser.
    package init() {}

    /// Parses one text for a field.
    package func parse(_ text: String, for field: Field, at path: FormPath) throws(FieldError) -> FormValue {
        if field.type == .json {
            guard !text.isBlank else { return .null }
            return try jsonText.read(text, at: path).formValue
        }
        if field.type == .multiSelect || field.type == .bitfield {
            let tokens = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            return try parse(tokens, for: field, at: path)
        }
        let textual = field.type.isTextual
        let trimmed = textual ? text : text.trimmingWhitespace
        let optional = field.valueType?.isOptional ?? true
        if trimmed.isEmpty || (textual && optional && trimmed.isBlank) {
            if optional { return .null }
            if field.type.isTextual { return .string("") }
            throw error(path, "a value is required")
        }
        return try parseScalar(trimmed, field: field, path: path)
    }

    /// Parses several values for one field (a multi-select's submitted values).
    package func parse(_ texts: [String], for field: Field, at path: FormPath) throws(FieldError) -> FormValue {
        switch field.type {
        case .multiSelect:
            var values: [FormValue] = []
            for text in texts where !text.isEmpty {
                let index = try optionIndex(text, field: field, path: path)
                values.append(field.optionStorage == .index ? .int(Int64(index)) : field.options[index].value)
            }
            return .list(values)
        case .bitfield:
            var bits: UInt64 = 0
            for text in texts where !text.isEmpty {
                if let number = UInt64(text), field.options.firstIndex(where: { $0.value.plainText == text }) == nil {
                    bits |= number
                    continue
                }
                let index = try optionIndex(text, field: field, path: path)
                bits |= field.bit(ofOptionAt: index)
            }
            let known = field.options.indices.reduce(UInt64(0)) { $0 | field.bit(ofOptionAt: $1) }
            guard bits & ~known == 0 else { throw error(path, "\(bits) sets bits that are not options") }
            return .uint(bits)
        default:
            return try parse(texts.last ?? "", for: field, at: path)
        }
    }

    private func parseScalar(_ text: String, field: Field, path: FormPath) throws(FieldError) -> FormValue {
        switch field.type {
        case .integer, .unsigned: return try parseInteger(text, field: field, path: path)
        case .float, .number: return try parseNumber(text, field: field, path: path)
        case .boolean, .option:
            switch text.lowercased() {
            case "true", "yes", "on", "1": return .bool(true)
            case "false", "no", "off", "0": return .bool(false)
            default: throw error(path, "'\(text)' is not a yes/no value (use true/false, yes/no, on/off or 1/0)")
            }
        case .date: return try date(ISODate.parseDate(text), text, "a date (YYYY-MM-DD)", path)
        case .time: return try date(ISODate.parseTime(text), text, "a time (HH:MM or HH:MM:SS)", path)
        case .dateTime: return try date(ISODate.parseDateTime(text), text, "a date and time (YYYY-MM-DDTHH:MM)", path)
        case .url:
            guard TextChecks.isURL(text) else { throw error(path, "'\(text)' is not an absolute URL") }
            return .string(text)
        case .email:
            let email = text.trimmingWhitespace
            guard TextChecks.isEmail(email) else { throw error(path, "'\(text)' is not an email address") }
            return .string(email)
        case .options:
            let index = try optionIndex(text, field: field, path: path)
            return field.optionStorage == .index ? .int(Int64(index)) : field.options[index].value
        case .image: return try parseImage(text, path: path)
        case .subform, .collection, .action:
            throw error(path, "a \(field.type) field is not edited from text")
        default:
            // A field type of one's own (`minutes`) parses as the value type it edits.
            guard !FieldType.builtIn.contains(field.type),
                let scalar = field.valueType.map({ $0.elementType ?? $0 })?.unwrapped
            else { return .string(text) }
            var typed = field
            switch scalar {
            case .integer: typed.type = .integer
            case .unsigned: typed.type = .unsigned
            case .float, .decimal: typed.type = .number
            case .bool: typed.type = .boolean
            case .date: typed.type = .dateTime
            case .url: typed.type = .url
            default: return .string(text)
            }
            return try parseScalar(text, field: typed, path: path)
        }
    }

    private func parseInteger(_ text: String, field: Field, path: FormPath) throws(FieldError) -> FormValue {
        let scalar = field.valueType.map { $0.elementType ?? $0 }?.unwrapped
        let unsigned = field.type == .unsigned || { if case .unsigned = scalar { return true } else { return false } }()
        if unsigned {
            if text.hasPrefix("-"), Int64(text) != nil { throw error(path, "must not be negative") }
            guard let value = UInt64(text.hasPrefix("+") ? String(text.dropFirst()) : text) else {
                throw error(path, "'\(text)' is not a whole number")
            }
            let bits: Int = { if case .unsigned(let bits) = scalar { return bits } else { return 64 } }()
            let max = bits >= 64 ? UInt64.max : (UInt64(1) << bits) - 1
            guard value <= max else { throw error(path, "must be between 0 and \(max)") }
            return .uint(value)
        }
        guard let value = Int64(text) else {
            if TextChecks.isDecimalLiteral(text) && !text.contains(".") && !text.lowercased().contains("e") {
                throw error(path, "'\(text)' is too large")
            }
            throw error(path, "'\(text)' is not a whole number")
        }
        let bits: Int = { if case .integer(let bits) = scalar { return bits } else { return 64 } }()
        if bits < 64 {
            let max = (Int64(1) << (bits - 1)) - 1
            guard value >= -max - 1, value <= max else { throw error(path, "must be between \(-max - 1) and \(max)") }
        }
        return .int(value)
    }

    private func parseNumber(_ text: String, field: Field, path: FormPath) throws(FieldError) -> FormValue {
        guard TextChecks.isDecimalLiteral(text) else { throw error(path, "'\(text)' is not a number") }
        let scalar = field.valueType?.unwrapped
        if scalar == .decimal || (scalar == nil && field.type == .number) {
            guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw error(path, "'\(text)' is not a number")
            }
            return .decimal(decimal)
        }
        guard let value = Double(text), value.isFinite else { throw error(path, "'\(text)' is out of range") }
        if scalar == .float(bits: 32), !Float(value).isFinite { throw error(path, "'\(text)' is out of range") }
        return .double(value)
    }

    private func parseImage(_ text: String, path: FormPath) throws(FieldError) -> FormValue {
        var payload = Substring(text)
        if text.hasPrefix("data:") {
            guard let comma = text.firstIndex(of: ","), text[..<comma].hasSuffix(";base64") else {
                throw error(path, "a data: URL must be base64-encoded")
            }
            payload = text[text.index(after: comma)...]
        }
        guard let data = Data(base64Encoded: String(payload), options: .ignoreUnknownCharacters), !data.isEmpty else {
            throw error(path, "not base64-encoded image data")
        }
        return .data(data)
    }

    private func date(_ parsed: Date?, _ text: String, _ expected: String, _ path: FormPath) throws(FieldError)
        -> FormValue
    {
        guard let parsed else { throw error(path, "'\(text)' is not \(expected)") }
        return .date(parsed)
    }

    /// The index of the option a token names: by value, then title (any case), then index;
    /// a lookup's only by value (its values are record ids: the id of a record that is gone
    /// must not name another record by its place).
    func optionIndex(_ token: String, field: Field, path: FormPath) throws(FieldError) -> Int {
        let options = field.options
        if let index = options.firstIndex(where: { $0.value.plainText == token }) { return index }
        if field.lookup != nil { throw error(path, "'\(token)' is not the id of a \(field.lookup ?? "") record") }
        if let index = options.firstIndex(where: { $0.title.caseInsensitiveCompare(token) == .orderedSame }) {
            return index
        }
        if let index = Int(token), options.indices.contains(index) { return index }
        let choices = options.map(\.title).joined(separator: ", ")
        throw error(path, "'\(token)' is not one of the options (\(choices))")
    }

    private func error(_ path: FormPath, _ message: String) -> FieldError {
        FieldError(path: path, rule: "parse", message: message)
    }
}
