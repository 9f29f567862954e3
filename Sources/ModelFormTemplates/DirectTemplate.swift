import ModelForm
import Mustache

/// A layout template drawn straight from a field's ``TemplateValues``, without swift-mustache:
/// the part of Mustache layouts use (text, `{{name}}`, `{{{name}}}`, `{{&name}}`, dotted
/// names, `{{.}}`, sections, inverted sections and comments). swift-mustache looks up every
/// tag through dynamic casts and reflection over a `[String: Any]` built for each field: of a
/// `GET /` of the registration example's 1.08 M instructions, its one stepper cell took 206 k.
///
/// A template with anything else is not taken (`init` returns `nil`) and the library draws
/// it: partials, set delimiters, pragmas, transforms, blocks; and the blanks the library
/// treats in its own way: a section or comment tag alone on its line (the library removes
/// the line), a first line that is blank, a last line of blanks (and comments), which the
/// library drops, and line ends other than `\n` (the library reads `\r`, `\u{85}`, `\u{2028}`
/// and the like as line ends too). So is a draw that would write a list or a map whole,
/// which the library writes as a ``TemplateMap`` describes itself (``render(_:)`` returns `nil`).
/// Tests hold the two equal over the bundled layouts and generated templates, and so does
/// the `FuzzTemplate` fuzz target over any bytes.
struct DirectTemplate: Sendable {
    indirect enum Part: Sendable {
        case text(String)
        /// A variable tag: its name's parts, none for `{{.}}`.
        case variable([String])
        case section([String], body: [Part], inverted: Bool)
    }

    let parts: [Part]

    /// The template, if all of it is in the part of Mustache drawn here.
    init?(_ source: String) {
        var parser = Parser(bytes: Array(source.utf8))
        guard !parser.hasOtherLineEnds, !parser.startsWithBlankLine, !parser.endsWithBlankLine,
            let parts = parser.parts(closing: nil)
        else { return nil }
        self.parts = parts
    }

    /// The template drawn with `values`, or `nil` where the library must draw it.
    func render<Format: OutputFormat>(_ values: TemplateValues<Format>) -> String? {
        var output = ""
        var stack: [TemplateValue] = []
        return draw(parts, values, &stack, into: &output) ? output : nil
    }

    private func draw<Format: OutputFormat>(
        _ parts: [Part], _ values: TemplateValues<Format>, _ stack: inout [TemplateValue], into output: inout String
    ) -> Bool {
        for part in parts {
            switch part {
            case .text(let text): output += text
            case .variable(let name):
                guard let found = lookup(name, values, stack) else { return false }
                if let value = found {
                    guard let text = value.plainText else { return false }
                    output += text
                }
            case .section(let name, let body, let inverted):
                guard let found = lookup(name, values, stack) else { return false }
                if !drawSection(found, body, inverted: inverted, values, &stack, into: &output) { return false }
            }
        }
        return true
    }

    /// A section as swift-mustache draws it: a list once per item, `true` once, a missing
    /// value or `false` not at all, any other value once with it innermost. An inverted
    /// section draws when the section would not (an empty list innermost).
    private func drawSection<Format: OutputFormat>(
        _ value: TemplateValue?, _ body: [Part], inverted: Bool, _ values: TemplateValues<Format>,
        _ stack: inout [TemplateValue], into output: inout String
    ) -> Bool {
        var items: [TemplateValue?]
        switch value {
        case nil: items = inverted ? [nil] : []
        case .flag(let flag): items = flag != inverted ? [nil] : []
        case .texts(let texts):
            items = inverted ? (texts.isEmpty ? [.texts([])] : []) : texts.map(TemplateValue.text)
        case .records(let records):
            items = inverted ? (records.isEmpty ? [.records([])] : []) : records.map(TemplateValue.record)
        case let value?: items = inverted ? [] : [value]
        }
        for item in items {
            if let item { stack.append(item) }
            defer { if item != nil { stack.removeLast() } }
            if !draw(body, values, &stack, into: &output) { return false }
        }
        return true
    }

    /// The value a name stands for: `.some(nil)` when nothing has it, `nil` when the library
    /// must be asked (`{{.}}` at the top, which is the whole context). Its first part is
    /// looked for from the innermost section out; the rest inside what that found.
    private func lookup<Format: OutputFormat>(
        _ name: [String], _ values: TemplateValues<Format>, _ stack: [TemplateValue]
    ) -> TemplateValue?? {
        guard let first = name.first else {
            guard let innermost = stack.last else { return nil }
            return .some(innermost)
        }
        var found = stack.reversed().lazy.compactMap { $0.child(first) }.first ?? values.value(first)
        for part in name.dropFirst() { found = found?.child(part) }
        return .some(found)
    }
}

/// Reads a template's tags, refusing (with `nil`) whatever ``DirectTemplate`` does not draw.
private struct Parser {
    let bytes: [UInt8]
    var position = 0

    /// Whether the first line is blank: the library's content-type pragma goes before it.
    var startsWithBlankLine: Bool {
        let first = bytes.prefix { Self.blank($0) }
        return first.count == bytes.count || bytes[first.count] == UInt8(ascii: "\n")
    }

    /// Whether the last line, after a line end outside the tags (a comment may hold line
    /// ends), is blanks and comments with a blank.
    var endsWithBlankLine: Bool {
        var lineEnd: Int?
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                lineEnd = index
            } else if bytes[index...].starts(with: "{{".utf8),
                let end = bytes.firstIndex(of: Self.close, from: index + 2)
            {
                index = end + 2
                continue
            }
            index += 1
        }
        guard let lineEnd else { return false }
        var line = bytes[(lineEnd + 1)...]
        var hasBlank = false
        while let byte = line.first {
            if Self.blank(byte) {
                hasBlank = true
                line = line.dropFirst()
            } else if line.starts(with: "{{!".utf8), let end = bytes.firstIndex(of: Self.close, from: line.startIndex) {
                line = line[(end + 2)...]
            } else {
                return false
            }
        }
        return hasBlank
    }

    /// Whether a byte or character the library reads as a line end, other than `\n`, is
    /// there: `\r`, vertical tab, form feed, U+0085, U+2028, U+2029.
    var hasOtherLineEnds: Bool {
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case 0x0B, 0x0C, 0x0D: return true
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85: return true
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] & 0xFE) == 0xA8:
                return true
            default: continue
            }
        }
        return false
    }

    static func blank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// The parts up to the end, or up to the tag that closes the section `closing`.
    mutating func parts(closing: [String]?) -> [DirectTemplate.Part]? {
        var parts: [DirectTemplate.Part] = []
        var textStart = position
        func flush(upTo end: Int) {
            if end > textStart { parts.append(.text(String(decoding: bytes[textStart..<end], as: UTF8.self))) }
        }
        while position < bytes.count {
            guard bytes[position] == UInt8(ascii: "{"), position + 1 < bytes.count,
                bytes[position + 1] == UInt8(ascii: "{")
            else {
                position += 1
                continue
            }
            let tagStart = position
            flush(upTo: tagStart)
            if position + 2 < bytes.count, bytes[position + 2] == UInt8(ascii: "{") {
                guard let end = bytes.firstIndex(of: [UInt8(ascii: "}")] + Self.close, from: position + 3),
                    let name = Self.name(bytes[(position + 3)..<end])
                else { return nil }
                parts.append(.variable(name))
                position = end + 3
                textStart = position
                continue
            }
            guard let end = bytes.firstIndex(of: Self.close, from: position + 2) else { return nil }
            let inner = bytes[(position + 2)..<end]
            position = end + 2
            let sigil = inner.first ?? 0
            switch sigil {
            case UInt8(ascii: "!"):
                if standalone(tagStart) { return nil }
            case UInt8(ascii: "#"), UInt8(ascii: "^"):
                guard !standalone(tagStart), let name = Self.name(inner.dropFirst()), !name.isEmpty,
                    let body = self.parts(closing: name)
                else { return nil }
                parts.append(.section(name, body: body, inverted: sigil == UInt8(ascii: "^")))
            case UInt8(ascii: "/"):
                guard !standalone(tagStart), let name = Self.name(inner.dropFirst()), name == closing else {
                    return nil
                }
                return parts
            case UInt8(ascii: "&"):
                guard let name = Self.name(inner.dropFirst()) else { return nil }
                parts.append(.variable(name))
            default:
                guard let name = Self.name(inner) else { return nil }
                parts.append(.variable(name))
            }
            textStart = position
        }
        flush(upTo: bytes.count)
        return closing == nil ? parts : nil
    }

    /// A tag's closing delimiter.
    static let close = Array("}}".utf8)

    /// Whether the tag from `tagStart` to `position` is alone on its line but for blanks.
    private func standalone(_ tagStart: Int) -> Bool {
        var before = tagStart
        while before > 0, Self.blank(bytes[before - 1]) { before -= 1 }
        guard before == 0 || bytes[before - 1] == UInt8(ascii: "\n") else { return false }
        var after = position
        while after < bytes.count, Self.blank(bytes[after]) { after += 1 }
        return after == bytes.count || bytes[after] == UInt8(ascii: "\n")
    }

    /// A tag's name split at its dots (none for `.`), blanks around it allowed; `nil` for
    /// anything but letters, digits, `_` and `-` between the dots.
    private static func name(_ bytes: ArraySlice<UInt8>) -> [String]? {
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) })
        else { return nil }
        let text = bytes[first...last]
        if text.elementsEqual([UInt8(ascii: ".")]) { return [] }
        var parts: [String] = []
        for part in text.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            let allowed = part.allSatisfy {
                ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
                    || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z"))
                    || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "_")
                    || $0 == UInt8(ascii: "-")
            }
            guard !part.isEmpty, allowed else { return nil }
            parts.append(String(decoding: part, as: UTF8.self))
        }
        return parts
    }
}

extension MustacheTemplate {
    /// The template drawn for a field: by `direct` when it takes the template and the
    /// values, else by swift-mustache over all the values.
    func render<Format: OutputFormat>(_ values: TemplateValues<Format>, direct: DirectTemplate?) -> String {
        direct?.render(values) ?? render(values.dictionary)
    }
}
