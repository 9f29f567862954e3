import ModelForm

/// A values file edited, not regenerated: each changed scalar's bytes are replaced and every
/// other byte stays: comments, blank lines, quoting, flow or block style, indentation, line
/// endings. A changed scalar keeps its quotes where the new value allows it, a `|` block
/// stays one. A YAML block mapping may gain, lose and move entries in place
/// (``BlockEntries``), a block list items (``BlockItems``), a flow collection members
/// (``reshapeFlow(_:_:_:path:spans:bytes:into:)``), a JSON object or array members
/// (``JSONMembers``). Anything else (a key added to or removed from a mapping with a merge
/// key) gives `nil`: the caller writes the file whole.
enum ValuesSplice {
    /// The YAML `original` with the scalars of `values` (as a values file presents them)
    /// that differ put in place, or `nil`.
    static func yaml(_ original: String, values: FormValue) throws(ValuesEditRefusal) -> String? {
        if let edited = try splice(original, values: values) { return edited }
        // A file whose last line has no line break, where an entry removed there and another
        // added beside it overlap: edited with the break, which then goes again (the caller
        // reads the text back, so a last block scalar that reads otherwise is caught).
        let lineBreak = BlockLines.firstLineBreak(Array(original.utf8))
        guard let last = original.utf8.last, last != 0x0A, last != 0x0D,
            let edited = try splice(original + lineBreak, values: values), edited.hasSuffix(lineBreak)
        else { return nil }
        return String(edited.dropLast(lineBreak.count))
    }

    private static func splice(_ original: String, values: FormValue) throws(ValuesEditRefusal) -> String? {
        guard let spans = ScalarSpans(original),
            let document = try? YAMLParser.parseDocument(original, file: "original")
        else { return nil }
        try checkAliases(spans, values)
        var edits: [(range: Range<Int>, text: String)] = []
        let bytes = Array(original.utf8)
        guard collect(document, values, path: [], spans: spans, bytes: bytes, into: &edits) else { return nil }
        return apply(edits, to: original)
    }

    // MARK: YAML

    static func collect(
        _ node: YAMLNode, _ value: FormValue, path: [ScalarSpans.Step], spans: ScalarSpans, bytes: [UInt8],
        into edits: inout [(range: Range<Int>, text: String)]
    ) -> Bool {
        // An alias's value is its anchor's, written there (``checkAliases``).
        if spans.aliases[path] != nil { return true }
        switch (node.kind, value) {
        case (.mapping(let pairs), .record(let record)):
            let keys = pairs.map { $0.key.string ?? "\u{0}" }
            let renamed = renames(keys, record.keys) { BlockItems.matches(pairs[$0].value, record.values[$1]) }
            // Each renamed key's bytes replaced in its own quoting; the rest by the file's keys.
            var keyEdits: [(range: Range<Int>, text: String)] = []
            for (old, new) in renamed {
                guard let span = spans.keys[path + [.key(keys[old])]],
                    let written = writtenScalar(.string(record.keys[new])),
                    let text = replacement(written, keeping: span.style)
                else { return false }
                keyEdits.append((span.range, text))
            }
            let fileRecord = fileKeyed(record, keys, renamed)
            if keys != fileRecord.keys {
                if let range = spans.flows[path] {
                    return reshapeFlow(range, node, value, path: path, spans: spans, bytes: bytes, into: &edits)
                }
                edits += keyEdits
                return BlockEntries(lines: BlockLines(spans: spans, bytes: bytes), path: path).reshape(
                    pairs, to: fileRecord
                ) {
                    collect($0, $1, path: $2, spans: spans, bytes: bytes, into: &edits)
                }.map { edits += $0 } != nil
            }
            edits += keyEdits
            for (key, (pair, child)) in zip(keys, zip(pairs, record.values)) {
                guard collect(pair.value, child, path: path + [.key(key)], spans: spans, bytes: bytes, into: &edits)
                else {
                    return false
                }
            }
            return true
        case (.sequence(let items), .list(let values)):
            // Items moved (a list reordered) are taken where they go, with their comments.
            guard
                ItemMatch.itemByItem(items.count, values.count, matches: { BlockItems.matches(items[$0], values[$1]) })
            else {
                if let range = spans.flows[path] {
                    return reshapeFlow(range, node, value, path: path, spans: spans, bytes: bytes, into: &edits)
                }
                return BlockItems(lines: BlockLines(spans: spans, bytes: bytes), path: path).reshape(items, to: values)
                {
                    collect($0, $1, path: $2, spans: spans, bytes: bytes, into: &edits)
                }.map { edits += $0 } != nil
            }
            for (index, (item, child)) in zip(items, values).enumerated() {
                guard collect(item, child, path: path + [.index(index)], spans: spans, bytes: bytes, into: &edits)
                else {
                    return false
                }
            }
            return true
        case (.scalar(let scalar), _):
            if unchanged(scalar, isNull: node.isNull, value) { return true }
            if let span = spans[path], scalar.style == .literal || scalar.style == .folded,
                case .string(let text) = value,
                let block = literalBlock(text, replacing: Array(bytes[span.range]))
            {
                edits.append((span.range, block))
                return true
            }
            // Text of several lines the emitter writes as a block: double-quoted on one line.
            guard let written = writtenScalar(value) ?? quotedLine(value), let span = spans[path],
                !span.range.isEmpty
            else { return false }
            // A block that cannot hold the value: the value on the header's line, its comment kept.
            if scalar.style == .literal || scalar.style == .folded {
                guard let text = inPlaceOfBlock(written.text, replacing: Array(bytes[span.range])) else { return false }
                edits.append((span.range, text))
                return true
            }
            guard let text = replacement(written, keeping: span.style) else { return false }
            edits.append((span.range, text))
            return true
        default:
            return false
        }
    }

    /// Whether the file's scalar already says `value`: its text, or for a plain number the
    /// same number however written (`1.50` is `1.5`). The read-back check catches a reading
    /// that differs.
    static func unchanged(_ scalar: YAMLScalar, isNull: Bool, _ value: FormValue) -> Bool {
        if isNull { return value == .null }
        if value == .null { return false }
        if value.plainText == scalar.value { return true }
        guard scalar.style == .plain, value.isNumeric, let number = value.doubleValue else { return false }
        return Double(scalar.value) == number
    }

    /// A scalar as the emitter writes it alone, and its reading: `nil` for a record, a list,
    /// or text that takes more than one line.
    private static func writtenScalar(_ value: FormValue) -> (text: String, scalar: YAMLScalar)? {
        switch value {
        case .record, .list: return nil
        default: break
        }
        guard let text = emittedLine(value), let scalar = (try? YAMLParser.parseDocument(text, file: "scalar"))?.scalar,
            scalar.style != .literal, scalar.style != .folded
        else { return nil }
        return (text, scalar)
    }

    /// Text as a double-quoted scalar on one line (`"one\ntwo"`), its reading beside it.
    private static func quotedLine(_ value: FormValue) -> (text: String, scalar: YAMLScalar)? {
        guard case .string(let text) = value else { return nil }
        return (JSONValue.quote(text), YAMLScalar(text, style: .doubleQuoted))
    }

    /// A scalar as the emitter writes it alone, without document markers; `nil` where that
    /// takes more than one line.
    static func emittedLine(_ value: FormValue) -> String? {
        guard var text = try? YAMLEmitter.emit(value) else { return nil }
        if text.hasSuffix("\n...\n") { text.removeLast(4) }
        if text.hasPrefix("--- ") { text.removeFirst(4) }
        if text.hasSuffix("\n") { text.removeLast() }
        return text.containsByte(UInt8(ascii: "\n")) ? nil : text
    }

    /// `text` as a `|` block in the place of `old` (a `|` or `>` block's bytes, from its
    /// header to the end of its last line): the same indentation, the chomping the text
    /// needs; a `>` block stays one for text of one line (which both styles read alike), and
    /// becomes a `|` one for text of several (folding would join them); `nil` for text a
    /// block cannot hold exactly, or a header with an explicit indentation.
    private static func literalBlock(_ text: String, replacing old: [UInt8]) -> String? {
        guard
            ScalarText.suitsLiteralBlock(text)
                || !text.containsByte(UInt8(ascii: "\n")) && !text.isEmpty && text.first != " ",
            let headerEnd = old.firstIndex(of: 0x0A)
        else { return nil }
        // The header: `|`, its chomping, then perhaps a comment, which stays.
        let headerLine = old[..<headerEnd].last == 0x0D ? old[..<(headerEnd - 1)] : old[..<headerEnd]
        let indicator = headerLine.prefix {
            [UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "+")].contains($0)
        }
        let comment = headerLine[indicator.endIndex...]
        let commentText = comment.drop(while: { $0 == 0x20 })
        guard commentText.isEmpty || comment.first == 0x20 && commentText.first == UInt8(ascii: "#") else { return nil }
        let lines = old[(headerEnd + 1)...].split(separator: 0x0A, omittingEmptySubsequences: true)
        guard let first = lines.first(where: { $0.contains { $0 != 0x20 } }) else { return nil }
        let indent = String(repeating: " ", count: first.prefix { $0 == 0x20 }.count)
        var body = Substring(text)
        var newlines = 0
        while body.hasSuffix("\n") {
            body.removeLast()
            newlines += 1
        }
        let style = indicator.first == UInt8(ascii: ">") && !body.utf8.contains(UInt8(ascii: "\n")) ? ">" : "|"
        let header = style + (newlines == 0 ? "-" : newlines == 1 ? "" : "+")
        let content = body.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.isEmpty ? "" : indent + $0
        }
        // The file's line breaks (CR LF stays CR LF); blank lines after a block that does not
        // keep them are the file's, not the text's.
        let lineBreak = old.contains(0x0D) ? "\r\n" : "\n"
        let oldBreaks = old.reversed().prefix { $0 == 0x0A || $0 == 0x0D }.filter { $0 == 0x0A }.count
        let breaks = newlines > 1 ? newlines : oldBreaks
        return header + String(decoding: comment, as: UTF8.self) + lineBreak
            + content.joined(separator: lineBreak) + String(repeating: lineBreak, count: breaks)
    }

    /// `text` (a scalar on one line) in the place of a block's bytes (`old`, from its header
    /// to its last line break): the header's comment after it, the block's line breaks kept.
    private static func inPlaceOfBlock(_ text: String, replacing old: [UInt8]) -> String? {
        guard let headerEnd = old.firstIndex(of: 0x0A) else { return nil }
        let headerLine = old[..<headerEnd].last == 0x0D ? old[..<(headerEnd - 1)] : old[..<headerEnd]
        let comment = headerLine.drop { !($0 == 0x20 || $0 == 0x09) }
        guard comment.drop(while: { $0 == 0x20 || $0 == 0x09 }).first.map({ $0 == UInt8(ascii: "#") }) ?? true
        else { return nil }
        let lineBreak = old.contains(0x0D) ? "\r\n" : "\n"
        let breaks = old.reversed().prefix { $0 == 0x0A || $0 == 0x0D }.filter { $0 == 0x0A }.count
        return text + String(decoding: comment, as: UTF8.self) + String(repeating: lineBreak, count: breaks)
    }

    /// The new scalar's text in the old one's quoting where the value allows it.
    private static func replacement(_ written: (text: String, scalar: YAMLScalar), keeping style: YAMLScalar.Style)
        -> String?
    {
        let value = written.scalar.value
        let printable = !value.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        switch style {
        case .literal, .folded: return nil
        case .singleQuoted where printable: return "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        case .doubleQuoted: return JSONValue.quote(value)
        case .plain where written.scalar.style != .plain && printable && readsPlain(value): return value
        default: return written.text
        }
    }

    /// Whether `value` written plain reads back as itself, a string (libyaml's emitter
    /// quotes text with characters outside the Basic Multilingual Plane, an emoji, that
    /// plain YAML holds).
    private static func readsPlain(_ value: String) -> Bool {
        guard !ScalarText.needsQuotes(value),
            let scalar = (try? YAMLParser.parseDocument("k: " + value, file: "scalar"))?["k"]?.scalar
        else { return false }
        return scalar.style == .plain && scalar.value == value
    }

    /// The keys of `new` that rename one of `old` where it stands: between two keys both have
    /// (or an end), a key only the old keys have and one only the new keys have, whose values
    /// are the same (`sameValue(old, new)`: a new value under a new key is an entry removed
    /// and another added), paired in order; others may be added and removed beside them. `[]`
    /// when the keys both have are in another order.
    static func renames(_ old: [String], _ new: [String], sameValue: (Int, Int) -> Bool) -> [(old: Int, new: Int)] {
        guard old != new else { return [] }
        let oldKeys = Set(old)
        let newKeys = Set(new)
        var renamed: [(old: Int, new: Int)] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            var oldOnly: [Int] = []
            while i < old.count, !newKeys.contains(old[i]) {
                oldOnly.append(i)
                i += 1
            }
            var from = 0
            while j < new.count, !oldKeys.contains(new[j]) {
                if let at = oldOnly[from...].firstIndex(where: { sameValue($0, j) }) {
                    renamed.append((oldOnly[at], j))
                    from = at + 1
                }
                j += 1
            }
            guard i < old.count || j < new.count else { break }
            guard i < old.count, j < new.count, old[i] == new[j] else { return [] }
            i += 1
            j += 1
        }
        return renamed
    }

    /// `record` with each renamed key as the file has it: what the file's entries are
    /// matched to (the key's own bytes are edited apart).
    static func fileKeyed(_ record: FormRecord, _ old: [String], _ renamed: [(old: Int, new: Int)]) -> FormRecord {
        guard !renamed.isEmpty else { return record }
        var keys = record.keys
        for (from, to) in renamed { keys[to] = old[from] }
        return FormRecord(Array(zip(keys, record.values)))
    }

    // MARK: Aliases

    /// Refuses values in which an alias's value is not its anchor's: a value the file shares
    /// (`image: &image app:1` used as `*image`) is written once, where the anchor is, so it
    /// must be changed alike at every place that uses it.
    private static func checkAliases(_ spans: ScalarSpans, _ values: FormValue) throws(ValuesEditRefusal) {
        for (use, alias) in spans.aliases.sorted(by: { $0.value.line < $1.value.line }) {
            guard let used = values[formPath(use)], let defined = values[formPath(alias.definition)] else {
                continue
            }
            guard used != defined else { continue }
            let anchorLine = spans.anchors[alias.anchor].map { $0.line + 1 } ?? 0
            throw ValuesEditRefusal(
                path: formPath(use), line: alias.line + 1, column: alias.column + 1,
                message:
                    "'\(formPath(use))' is the alias *\(alias.anchor) of '\(formPath(alias.definition))' (line \(anchorLine)), which the file writes once: give both the same value, or write the value out in place of the alias; nothing was written"
            )
        }
    }

    /// Refuses to write whole a text that writes tags (`!Ref Bucket`, `!!binary ...`): the
    /// values read from it do not hold them, so a whole write would drop them and change what
    /// the file means to the tools it is for. `nil` for a text without tags.
    static func tagsLost(in original: String) -> ValuesEditRefusal? {
        guard let spans = ScalarSpans(original), let first = spans.tags.first else { return nil }
        let standard = "tag:yaml.org,2002:"
        let tag = first.tag.hasPrefix(standard) ? "!!" + first.tag.dropFirst(standard.count) : first.tag
        let others = spans.tags.count > 1 ? " (and \(spans.tags.count - 1) more)" : ""
        return ValuesEditRefusal(
            path: formPath(first.path), line: first.line + 1, column: first.column + 1,
            message:
                "the file writes the tag \(tag)\(others), which only an edit in place keeps, and this change cannot be made in place (the YAML Files article lists what can): nothing was written"
        )
    }

    private static func formPath(_ steps: [ScalarSpans.Step]) -> FormPath {
        FormPath(
            steps.map {
                switch $0 {
                case .key(let key): .key(key)
                case .index(let index): .index(index)
                }
            })
    }

    // MARK: Splicing

    /// `original` with each range replaced, last first (the ranges do not overlap). At one
    /// offset a removal goes before an insertion there, and insertions end up in the order
    /// they were collected (a nested mapping's new last entry before its parent's next one).
    static func apply(_ edits: [(range: Range<Int>, text: String)], to original: String) -> String? {
        var bytes = Array(original.utf8)
        // Edits that overlap (an insertion inside a removal) cannot all be made: the whole file is written.
        let byStart = edits.map(\.range).sorted { ($0.lowerBound, $0.upperBound) < ($1.lowerBound, $1.upperBound) }
        guard byStart.allSatisfy({ $0.upperBound <= bytes.count }),
            zip(byStart, byStart.dropFirst()).allSatisfy({ $0.upperBound <= $1.lowerBound || $0.isEmpty })
        else { return nil }
        let ordered = edits.enumerated().sorted { a, b in
            if a.element.range.lowerBound != b.element.range.lowerBound {
                return a.element.range.lowerBound > b.element.range.lowerBound
            }
            if a.element.range.upperBound != b.element.range.upperBound {
                return a.element.range.upperBound > b.element.range.upperBound
            }
            return a.offset > b.offset
        }
        for (_, edit) in ordered {
            bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// An edit a values file cannot take in place and must not be written whole for: a value a
/// YAML alias shares, changed at one place only. Where in the file (1-based) and why.
package struct ValuesEditRefusal: Error, CustomStringConvertible, Sendable {
    /// The value's path (as the file holds it).
    package var path: FormPath
    package var line: Int
    package var column: Int
    package var message: String

    package var description: String { "\(line):\(column): \(message)" }
}
