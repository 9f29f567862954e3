/// How the text typed into a free-JSON field (``FieldType/json``) is read: JSON by default;
/// `ModelFormYAML` adds `.yaml`, which reads YAML (and so JSON too).
///
/// ```swift
/// var environment = FormEnvironment()
/// environment.parser.jsonText = .json
/// ```
package struct JSONTextReader: Sendable {
    /// What the text is written in, for messages: `JSON`, `YAML or JSON`.
    package var name: String
    private let body: @Sendable (String) throws(DiagnosticList) -> JSONValue

    /// A reader named `name` that reads text with `read` (its errors' marks are lines and
    /// columns in the text).
    package init(name: String, read: @escaping @Sendable (String) throws(DiagnosticList) -> JSONValue) {
        self.name = name
        body = read
    }

    /// Reads JSON text (RFC 8259; ``JSONParser``).
    package static let json = JSONTextReader(name: "JSON") { text throws(DiagnosticList) in
        try JSONParser.parse(text, file: "input").value
    }

    /// The value of `text`; the error names the line and column the reader stopped at.
    func read(_ text: String, at path: FormPath) throws(FieldError) -> JSONValue {
        let value: JSONValue
        do {
            value = try body(text)
        } catch {
            let first = error.diagnostics.first
            let place = first.map { "line \($0.mark.line), column \($0.mark.column): " } ?? ""
            throw FieldError(
                path: path, rule: "parse", message: "not \(name): " + place + (first?.message ?? "unreadable"))
        }
        if let number = Self.numberOutOfRange(in: value) {
            throw FieldError(path: path, rule: "parse", message: "\(number.excerpt(40)) is out of range")
        }
        return value
    }

    /// The first number a form cannot hold (past `Double`'s range: `1e400`), as written.
    private static func numberOutOfRange(in value: JSONValue) -> String? {
        switch value {
        case .number(let number): return number.double.isFinite ? nil : number.text
        case .array(let items): return items.lazy.compactMap(numberOutOfRange).first
        case .object(let object): return object.pairs.lazy.compactMap { numberOutOfRange(in: $0.value) }.first
        default: return nil
        }
    }
}
