import Foundation
import ModelForm

/// A values file written whole as TOML: the root record's scalars and arrays first, then
/// each record as a `[table]` and each list of records as an array of tables (`[[name]]`),
/// nested by dotted names. A date is a TOML date (`1815-12-10`) at midnight UTC, else an
/// offset date-time; text of several lines a multi-line string. TOML has no null: an
/// absent value is left out (and reads back absent), and a list holding one is refused.
enum TOMLWriter {
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    static func write(_ value: FormValue) throws(Refusal) -> String {
        guard case .record(let record) = value else {
            throw Refusal(description: "a TOML file holds a table, not \(value)")
        }
        var writer = Writing()
        try writer.table(record, path: [], header: nil)
        return writer.text
    }

    /// A record as a `[table]` at `path`, or a list of records as an array of tables, each
    /// with the tables inside it: what a file gains in place.
    static func sections(_ value: FormValue, path: [String]) throws(Refusal) -> String {
        let name = path.map(key).joined(separator: ".")
        var writer = Writing()
        switch value {
        case .record(let record):
            try writer.table(record, path: path, header: "[" + name + "]")
        case .list(let items):
            for case .record(let record) in items { try writer.table(record, path: path, header: "[[" + name + "]]") }
        default:
            throw Refusal(description: "'\(name)' is not a table")
        }
        return writer.text
    }

    /// Whether a value is written as a table (a record) or an array of tables (a list of
    /// records), not after a key's `=`.
    static func isSection(_ value: FormValue) -> Bool {
        switch value {
        case .record: return true
        case .list(let items): return isTables(items)
        default: return false
        }
    }

    /// A value written inline (a scalar, an array, an inline table), as it stands after `=`.
    static func inline(_ value: FormValue, at path: String) throws(Refusal) -> String {
        switch value {
        case .null:
            throw Refusal(description: "TOML has no null: '\(path)' cannot hold one")
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .uint(let number):
            guard number <= UInt64(Int64.max) else {
                throw Refusal(description: "'\(path)' is \(number), more than a TOML integer holds")
            }
            return String(number)
        case .double(let number):
            if number.isNaN { return "nan" }
            if number.isInfinite { return number < 0 ? "-inf" : "inf" }
            return "\(number)"
        case .decimal(let number): return "\(number)"
        case .string(let text): return string(text)
        case .date(let date):
            let day = ISODate.formatDate(date)
            return ISODate.parseDate(day) == date ? day : ISODate.formatDateTime(date)
        case .data(let data): return string(data.base64EncodedString())
        case .list(let items):
            var parts: [String] = []
            for (index, item) in items.enumerated() { parts.append(try inline(item, at: "\(path)[\(index)]")) }
            return "[" + parts.joined(separator: ", ") + "]"
        case .record(let record):
            var parts: [String] = []
            for (key, item) in zip(record.keys, record.values) where item != .null {
                parts.append(self.key(key) + " = " + (try inline(item, at: path + "." + key)))
            }
            return parts.isEmpty ? "{}" : "{ " + parts.joined(separator: ", ") + " }"
        }
    }

    /// A key, bare where TOML allows it, else a basic string.
    static func key(_ name: String) -> String {
        !name.isEmpty && name.utf8.allSatisfy(TOMLScanner.isBareKey) ? name : quoted(name)
    }

    /// Text as a basic string: one line, or a multi-line string for text of several lines
    /// (with no other control characters).
    static func string(_ text: String) -> String {
        let lines =
            text.contains("\n") && !text.contains("\r")
            && !text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || $0.value == 0x7F }
        guard lines else { return quoted(text) }
        var body = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": body += "\\\\"
            case "\"": body += "\\\""
            default: body.unicodeScalars.append(scalar)
            }
        }
        return "\"\"\"\n" + body + "\"\"\""
    }

    /// Text as a one-line basic string, with escapes: TOML's basic strings escape as JSON's do.
    static func quoted(_ text: String) -> String {
        JSONStringLiteral.quote(text) { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// Whether a list is written as an array of tables: every item a record, and at least one.
    static func isTables(_ items: [FormValue]) -> Bool {
        !items.isEmpty && items.allSatisfy { if case .record = $0 { true } else { false } }
    }
}

/// One whole write: the text so far.
private struct Writing {
    var text = ""

    /// A table's key/value lines, then its tables and arrays of tables; its header first
    /// unless it is the root.
    mutating func table(_ record: FormRecord, path: [String], header: String?) throws(TOMLWriter.Refusal) {
        if let header {
            if !text.isEmpty { text += "\n" }
            text += header + "\n"
        }
        let dotted = path.map(TOMLWriter.key).joined(separator: ".")
        var later: [(String, FormValue)] = []
        for (key, value) in zip(record.keys, record.values) {
            switch value {
            case .null: continue
            case _ where TOMLWriter.isSection(value): later.append((key, value))
            default:
                let name = (path + [key]).joined(separator: ".")
                text += TOMLWriter.key(key) + " = " + (try TOMLWriter.inline(value, at: name)) + "\n"
            }
        }
        for (key, value) in later {
            let name = (dotted.isEmpty ? "" : dotted + ".") + TOMLWriter.key(key)
            switch value {
            case .record(let inner):
                try table(inner, path: path + [key], header: "[" + name + "]")
            case .list(let items):
                for case .record(let inner) in items {
                    try table(inner, path: path + [key], header: "[[" + name + "]]")
                }
            default: break
            }
        }
    }
}
