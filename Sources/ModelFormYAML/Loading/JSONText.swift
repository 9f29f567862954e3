import Foundation
import ModelForm

/// Writes a ``/ModelForm/FormValue`` tree as JSON, keeping record key order (JSONSerialization does not).
package enum JSONText {
    /// The JSON text of a value, records in key order.
    package static func write(_ value: FormValue, indent: String = "", unit: String = "  ") -> String {
        let inner = indent + unit
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int, .uint, .double, .decimal: return value.plainText
        case .string(let text): return JSONValue.quote(text)
        case .date, .data: return JSONValue.quote(value.plainText)
        case .list(let items):
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { inner + write($0, indent: inner, unit: unit) }.joined(separator: ",\n")
                + "\n\(indent)]"
        case .record(let record):
            guard !record.isEmpty else { return "{}" }
            return "{\n"
                + record.pairs.map {
                    inner + JSONValue.quote($0.key) + ": " + write($0.value, indent: inner, unit: unit)
                }
                .joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    /// The JSON text of a value on one line (`{"a": 1, "b": [1, 2]}`), `colon` between a key
    /// and its value.
    package static func inline(_ value: FormValue, colon: String = ": ") -> String {
        switch value {
        case .list(let items): return "[" + items.map { inline($0, colon: colon) }.joined(separator: ", ") + "]"
        case .record(let record):
            return "{"
                + record.pairs.map { JSONValue.quote($0.key) + colon + inline($0.value, colon: colon) }
                .joined(separator: ", ") + "}"
        default: return write(value)
        }
    }
}
