internal import CYAML
import ModelForm

/// Writes a ``/ModelForm/FormValue`` tree as YAML with the system libyaml: records as block mappings
/// in their key order, lists as block sequences, strings quoted whenever they would read
/// back as something else.
///
/// ```swift
/// let text = try YAMLEmitter.emit(.record(["name": .string("Ada"), "age": .int(36)]))
/// // name: Ada
/// // age: 36
/// ```
public enum YAMLEmitter {
    /// An emitting failure (libyaml's message).
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// libyaml's problem.
        public var description: String
    }

    /// The YAML text of `value`.
    public static func emit(_ value: FormValue) throws(Failure) -> String {
        let output = OutputBuffer()
        var emitter = yaml_emitter_t()
        guard yaml_emitter_initialize(&emitter) == 1 else { throw Failure(description: "libyaml could not start") }
        defer { yaml_emitter_delete(&emitter) }
        yaml_emitter_set_unicode(&emitter, 1)
        yaml_emitter_set_width(&emitter, -1)
        yaml_emitter_set_output(
            &emitter,
            { data, buffer, size in
                guard let data, let buffer else { return 0 }
                Unmanaged<OutputBuffer>.fromOpaque(data).takeUnretainedValue().bytes.append(
                    contentsOf: UnsafeBufferPointer(start: buffer, count: size))
                return 1
            }, Unmanaged.passUnretained(output).toOpaque())
        var ok = true
        func send(_ make: (inout yaml_event_t) -> Int32) {
            guard ok else { return }
            var event = yaml_event_t()
            ok = make(&event) == 1 && yaml_emitter_emit(&emitter, &event) == 1
        }
        send { yaml_stream_start_event_initialize(&$0, YAML_UTF8_ENCODING) }
        send { yaml_document_start_event_initialize(&$0, nil, nil, nil, 1) }
        emitValue(value, send: send)
        send { yaml_document_end_event_initialize(&$0, 1) }
        send { yaml_stream_end_event_initialize(&$0) }
        guard ok else { throw Failure(description: emitter.problem.map { String(cString: $0) } ?? "emitting failed") }
        return String(decoding: output.bytes, as: UTF8.self)
    }

    private static func emitValue(_ value: FormValue, send: ((inout yaml_event_t) -> Int32) -> Void) {
        switch value {
        case .record(let record):
            send {
                yaml_mapping_start_event_initialize(
                    &$0, nil, nil, 1, record.isEmpty ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE)
            }
            for (key, child) in record.pairs {
                emitScalar(key, quoted: ScalarText.needsQuotes(key), send: send)
                emitValue(child, send: send)
            }
            send { yaml_mapping_end_event_initialize(&$0) }
        case .list(let items):
            let scalars = items.allSatisfy { item in
                switch item {
                case .record, .list: return false
                case .string(let text): return !text.containsByte(UInt8(ascii: "\n"))
                default: return true
                }
            }
            let style =
                items.isEmpty || (scalars && items.count <= 8) ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE
            send { yaml_sequence_start_event_initialize(&$0, nil, nil, 1, style) }
            for item in items { emitValue(item, send: send) }
            send { yaml_sequence_end_event_initialize(&$0) }
        case .string(let text) where ScalarText.suitsLiteralBlock(text):
            emitScalar(text, style: YAML_LITERAL_SCALAR_STYLE, send: send)
        case .string(let text):
            emitScalar(text, quoted: ScalarText.needsQuotes(text), send: send)
        case .null:
            emitScalar("null", quoted: false, send: send)
        case .date(let date):
            emitScalar(ISODate.formatDateTime(date), quoted: false, send: send)
        default:
            emitScalar(value.plainText, quoted: false, send: send)
        }
    }

    private static func emitScalar(_ text: String, quoted: Bool, send: ((inout yaml_event_t) -> Int32) -> Void) {
        emitScalar(text, style: quoted ? YAML_DOUBLE_QUOTED_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE, send: send)
    }

    private static func emitScalar(
        _ text: String, style: yaml_scalar_style_t, send: ((inout yaml_event_t) -> Int32) -> Void
    ) {
        let quoted = style == YAML_DOUBLE_QUOTED_SCALAR_STYLE || style == YAML_LITERAL_SCALAR_STYLE
        var bytes = Array(text.utf8)
        let count = Int32(bytes.count)
        bytes.append(0)
        bytes.withUnsafeBufferPointer { buffer in
            send {
                yaml_scalar_event_initialize(&$0, nil, nil, buffer.baseAddress, count, quoted ? 0 : 1, 1, style)
            }
        }
    }
}

private final class OutputBuffer {
    var bytes: [UInt8] = []
}

/// How a plain scalar reads back.
enum ScalarText {
    /// Multi-line text that a `|` block keeps exactly: no other control characters, no
    /// spaces at line ends or the start, no carriage returns.
    static func suitsLiteralBlock(_ text: String) -> Bool {
        guard text.containsByte(UInt8(ascii: "\n")), !text.hasPrefix(" "), !text.hasPrefix("\n") else { return false }
        if text.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F }) { return false }
        return !text.split(separator: "\n", omittingEmptySubsequences: false).contains { $0.hasSuffix(" ") }
    }

    /// `true` when `text`, written plain, would read as a null, boolean or number, or
    /// would not survive as written (leading/trailing spaces, control characters).
    static func needsQuotes(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return true }
        // Spaces at either end (Foundation's `.whitespaces`: tab and the space separators).
        if isSpace(first) || isSpace(last) { return true }
        if keywords.contains(text) { return true }
        // Only a text that starts as a number can read as one (`Double` reads `inf`, `nan`
        // and `infinity` too): 0.48 M of a saving POST's 3.2 M went to parsing every text.
        if startsNumbers.contains(first),
            Double(text) != nil || Int(text) != nil || text.hasPrefix("0x") || text.hasPrefix("0o")
        {
            return true
        }
        return scalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// What YAML reads as a null, a boolean or a special number when written plain.
    private static let keywords: Set<String> = [
        "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE", "yes", "no", "on", "off",
        "Yes", "No", "On", "Off", "YES", "NO", "ON", "OFF", ".inf", "-.inf", "+.inf", ".nan", ".NaN", ".Inf",
    ]

    /// The first characters of a text `Double` or `Int` reads: digits, signs, a point, and
    /// `inf`, `infinity` and `nan` in any case.
    private static let startsNumbers = Set("0123456789+-.iInN".unicodeScalars)

    /// Whether a scalar is one `String.trimmingCharacters(in: .whitespaces)` removes.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t"
            || (scalar.value >= 0x80 && scalar.properties.generalCategory == .spaceSeparator)
    }
}
