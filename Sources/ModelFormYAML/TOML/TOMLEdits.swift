import ModelForm

/// The byte edits that make a TOML file hold new values: collected by walking the file's
/// tables beside the values.
struct TOMLEdits {
    let bytes: [UInt8]
    var edits: [(range: Range<Int>, text: String)] = []
    private var removals: [Range<Int>] = []
    private var lineInsertions: [(Int, String)] = []
    private var sectionInsertions: [(Int, String)] = []
    /// The file's line break, as its first one is.
    let lineBreak: String

    init(bytes: [UInt8]) {
        self.bytes = bytes
        lineBreak = BlockLines.firstLineBreak(bytes)
    }

    mutating func collect(_ entry: TOMLEntry, _ value: FormValue, names: [String]) -> Bool {
        switch (entry, value) {
        case (.table(let table, let range), .record(let record)):
            // TOML has no null: a cleared value is a key the file no longer has.
            let present = zip(record.keys, record.values).filter { $0.1 != .null }
            let keys = Set(present.map(\.0))
            if keys != Set(table.keys), let range { return rewriteInline(range, value, names: names) }
            // The tables inside first: a line one of them gains at the end of the file comes
            // before a section this one gains there.
            for (key, child) in present {
                guard let inner = table.entries[key] else { continue }
                guard collect(inner, child, names: names + [key]) else { return false }
            }
            guard keys != Set(table.keys) else { return true }
            return reshape(table, removing: table.keys.filter { !keys.contains($0) }, adding: present, names: names)
        case (.tables(let tables, _), .list(let items)):
            let matches = { Self.matches(.table(tables[$0], range: nil), items[$1]) }
            guard ItemMatch.itemByItem(tables.count, items.count, matches: matches) else {
                return reshapeTables(tables, to: items, names: names)
            }
            for (table, item) in zip(tables, items) {
                guard collect(.table(table, range: nil), item, names: names) else { return false }
            }
            return true
        case (.array(let entries, let range), .list(let items)):
            guard ItemMatch.itemByItem(entries.count, items.count, matches: { Self.matches(entries[$0], items[$1]) })
            else {
                return reshapeArray(entries, range: range, to: items, names: names)
            }
            for (inner, item) in zip(entries, items) {
                guard collect(inner, item, names: names) else { return false }
            }
            return true
        case (.scalar(let text, let kind, let range), _):
            if TOMLSplice.unchanged(text, kind: kind, value) { return true }
            let path = names.joined(separator: ".")
            guard let written = TOMLSplice.scalar(value, replacing: kind, old: bytes[range], path: path) else {
                return false
            }
            edits.append((range, written))
            return true
        default:
            return false
        }
    }

    /// An inline array or table on one line, without comments, written again in its place.
    mutating func rewriteInline(_ range: Range<Int>, _ value: FormValue, names: [String]) -> Bool {
        guard !bytes[range].contains(0x0A), !bytes[range].contains(UInt8(ascii: "#")),
            let text = try? TOMLWriter.inline(value, at: names.joined(separator: "."))
        else { return false }
        edits.append((range, text))
        return true
    }

    // MARK: Keys added and removed

    /// A table that loses the keys `removed`, and gains those of `present` it does not have:
    /// a removed key's lines go with the comments right above them (a table's header and
    /// section, and the tables inside it, too). A `[table]`'s (or the root's) new value is a
    /// line after its last, a new record or list of records a section after its own. A
    /// dotted key's table (`fruit.color = ...`) gains lines after its last, its key before
    /// theirs (`fruit.size = 2`); one a header's prefix made (`a` of `[a.b]`) a `[a]` section
    /// before its first table's.
    private mutating func reshape(
        _ table: TOMLTable, removing removed: [String], adding present: [(String, FormValue)], names: [String]
    ) -> Bool {
        let known = Set(table.keys)
        let added = present.filter { !known.contains($0.0) }
        switch table.origin {
        case .header: break
        case .dotted: return reshapeDotted(table, removing: removed, adding: added, names: names)
        case .implicit:
            guard removeSections(removed, of: table), !added.isEmpty else { return true }
            guard let first = sections(of: .table(table, range: nil)).first,
                let text = try? TOMLWriter.sections(.record(FormRecord(added)), path: names)
            else { return false }
            insertSections(text, before: first.lowerBound)
            return true
        case .inline: return false
        }
        guard let section = table.section else { return false }
        for key in removed {
            let lines = table.lines.filter { $0.key == key }
            for line in lines { remove(line.range) }
            if lines.isEmpty, !removeSections([key], of: table) { return false }
        }
        var lineText = ""
        var sectionText = ""
        for (key, value) in added {
            let path = names + [key]
            if TOMLWriter.isSection(value) {
                guard let text = try? TOMLWriter.sections(value, path: path) else { return false }
                sectionText += text
            } else {
                guard let text = try? TOMLWriter.inline(value, at: path.joined(separator: ".")) else { return false }
                lineText += TOMLWriter.key(key) + " = " + text + "\n"
            }
        }
        if !lineText.isEmpty { insertLines(lineText, in: table, section: section) }
        // The root's new tables go at the end; another table's after its own section.
        if !sectionText.isEmpty {
            insertSections(sectionText, before: names.isEmpty ? bytes.count : section.upperBound)
        }
        return true
    }

    /// The sections of each of `keys` of `table` removed; `false` when one has none.
    private mutating func removeSections(_ keys: [String], of table: TOMLTable) -> Bool {
        for key in keys {
            guard let entry = table.entries[key] else { return false }
            let ranges = sections(of: entry)
            guard !ranges.isEmpty else { return false }
            for range in ranges { remove(range) }
        }
        return true
    }

    /// A dotted key's table that loses and gains keys: its lines of a removed key go, a new
    /// value is a line after its last (`fruit.size = 2`, at its indentation; a record an
    /// inline table, `fruit.stem = { length = 2 }`); an empty table that stays (which no dotted
    /// key writes) is its key and an empty inline table (`fruit = {}`).
    private mutating func reshapeDotted(
        _ table: TOMLTable, removing removed: [String], adding added: [(String, FormValue)], names: [String]
    ) -> Bool {
        guard let last = table.lines.last else { return false }
        for key in removed {
            let lines = table.lines.filter { $0.key == key }
            guard !lines.isEmpty else { return false }
            for line in lines { remove(line.range) }
        }
        let indent = String(decoding: bytes[last.range].prefix { $0 == 0x20 || $0 == 0x09 }, as: UTF8.self)
        var text = ""
        for (key, value) in added {
            guard let written = try? TOMLWriter.inline(value, at: (names + [key]).joined(separator: ".")) else {
                return false
            }
            text += indent + table.keyPrefix + TOMLWriter.key(key) + " = " + written + lineBreak
        }
        // An empty table that stays, which no dotted key writes: its key and `{}`.
        if added.isEmpty, Set(removed) == Set(table.keys) {
            var key = Substring(table.keyPrefix)
            while key.last == " " || key.last == "\t" { key.removeLast() }
            guard key.last == "." else { return false }
            key.removeLast()
            while key.last == " " || key.last == "\t" { key.removeLast() }
            text = indent + key + " = {}" + lineBreak
        }
        if !text.isEmpty { insert(text, at: last.range.upperBound, section: false) }
        return true
    }

    /// New key/value lines after the table's last (at its indentation), or after its header.
    private mutating func insertLines(_ text: String, in table: TOMLTable, section: Range<Int>) {
        var position = section.lowerBound
        var indent = ""
        if let last = table.lines.last {
            position = last.range.upperBound
            indent = String(decoding: bytes[last.range].prefix { $0 == 0x20 || $0 == 0x09 }, as: UTF8.self)
        } else if table.headerLine == nil {
            // The root without values of its own: before the comments of the first header.
            position = section.upperBound < bytes.count ? attachedComments(before: section.upperBound) : bytes.count
        }
        let lines = text.split(separator: "\n").map { indent + $0 + lineBreak }.joined()
        insert(lines, at: position, section: false)
    }

    /// New sections in front of the header that starts at `next` (and the comments above
    /// it), a blank line after them; or, for `next` at the end, at the end of the file with a
    /// blank line before them.
    private mutating func insertSections(_ text: String, before next: Int) {
        let converted = text.replacingOccurrences(of: "\n", with: lineBreak)
        if next >= bytes.count {
            insert((bytes.isEmpty ? "" : lineBreak) + converted, at: bytes.count, section: true)
        } else {
            insert(converted + lineBreak, at: attachedComments(before: next), section: true)
        }
    }

    /// A line's or a section's bytes removed, with the comment lines right above it (and
    /// the blank lines above those, at the end of the file).
    private mutating func remove(_ range: Range<Int>) {
        var start = attachedComments(before: range.lowerBound)
        // At the end of the file, the blank lines above go too (the line before ends the file).
        while range.upperBound == bytes.count, start > 0, bytes[start - 1] == 0x0A {
            let lineEnd = start >= 2 && bytes[start - 2] == 0x0D ? start - 2 : start - 1
            guard lineEnd > 0, bytes[lineEnd - 1] == 0x0A else { break }
            start = lineEnd
        }
        removals.append(start..<range.upperBound)
    }

    /// Every edit: the removals joined where they meet or overlap (a table's section and the
    /// comments above the next one's header), then the insertions and replacements.
    var allEdits: [(range: Range<Int>, text: String)] {
        var joined: [Range<Int>] = []
        for range in removals.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = joined.last, range.lowerBound <= last.upperBound {
                joined[joined.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                joined.append(range)
            }
        }
        // The first text at the end of a file whose last line has no line break starts with one.
        var broken = bytes.isEmpty || bytes.last == 0x0A
        let insertions = (lineInsertions + sectionInsertions).map { position, text -> (Range<Int>, String) in
            guard position == bytes.count, !broken else { return (position..<position, text) }
            broken = true
            return (position..<position, lineBreak + text)
        }
        return joined.map { ($0, "") } + edits + insertions
    }

    /// `text` at `position`: a table's new lines, or new sections (which go after any lines
    /// inserted at the same place, since those belong to the table before them).
    private mutating func insert(_ text: String, at position: Int, section: Bool) {
        if section { sectionInsertions.append((position, text)) } else { lineInsertions.append((position, text)) }
    }

    // MARK: Arrays of tables

    /// An array of tables that gained, lost or moved elements, matched as a list's items
    /// (``ItemMatch``): the elements that stay edited in place (one changed where it stands
    /// too), a removed one's sections removed, a new one written after the one before it, a
    /// moved one's own sections (and the comments above it) taken where it goes.
    private mutating func reshapeTables(_ tables: [TOMLTable], to items: [FormValue], names: [String]) -> Bool {
        let match = ItemMatch(
            tables.count, items.count, matches: { Self.matches(.table(tables[$0], range: nil), items[$1]) },
            similar: { Self.sameKind(.table(tables[$0], range: nil), items[$1]) })
        // Each element kept, edited in place; one changed where it stands that cannot be is
        // removed and written anew instead.
        var kept: [Int: Int] = [:]
        for (old, new) in match.kept {
            var trial = self
            if trial.collect(.table(tables[old], range: nil), items[new], names: names) {
                self = trial
                kept[new] = old
            } else if Self.matches(.table(tables[old], range: nil), items[new]) {
                return false
            }
        }
        let keptOld = Set(kept.values)
        for (index, table) in tables.enumerated() where !keptOld.contains(index) {
            let ranges = sections(of: .table(table, range: nil))
            guard !ranges.isEmpty else { return false }
            for range in ranges { remove(range) }
        }
        var previous: Int?
        for (index, item) in items.enumerated() {
            if let old = kept[index] {
                previous = old
                continue
            }
            guard
                let text = match.moved[index].flatMap({ movedText(tables[$0]) })
                    ?? (try? TOMLWriter.sections(.list([item]), path: names)),
                let position = previous.flatMap({ sections(of: .table(tables[$0], range: nil)).last?.upperBound })
                    ?? tables.first?.headerLine
            else { return false }
            insertSections(text, before: position)
        }
        return true
    }

    /// A moved element's bytes: its sections, the comment lines above its header first, each
    /// line ended by `\n`, without the blank lines after its last.
    private func movedText(_ table: TOMLTable) -> String? {
        let ranges = sections(of: .table(table, range: nil))
        guard let first = ranges.first else { return nil }
        var text = ""
        for (index, range) in ranges.enumerated() {
            let start = index == 0 ? attachedComments(before: first.lowerBound) : range.lowerBound
            text += String(decoding: bytes[start..<range.upperBound], as: UTF8.self)
        }
        text = text.replacingOccurrences(of: "\r\n", with: "\n")
        while text.hasSuffix("\n\n") { text.removeLast() }
        return text.hasSuffix("\n") ? text : text + "\n"
    }

    /// Whether the file's entry already holds `value`.
    static func matches(_ entry: TOMLEntry, _ value: FormValue) -> Bool {
        switch (entry, value) {
        case (.scalar(let text, let kind, _), _): return TOMLSplice.unchanged(text, kind: kind, value)
        case (.array(let entries, _), .list(let items)):
            return entries.count == items.count && zip(entries, items).allSatisfy { matches($0, $1) }
        case (.tables(let tables, _), .list(let items)):
            return tables.count == items.count
                && zip(tables, items).allSatisfy { matches(.table($0, range: nil), $1) }
        case (.table(let table, _), .record(let record)):
            let present = zip(record.keys, record.values).filter { $0.1 != .null }
            return Set(present.map(\.0)) == Set(table.keys)
                && present.allSatisfy { key, item in table.entries[key].map { matches($0, item) } ?? false }
        default: return false
        }
    }

    // MARK: Places

    /// The bytes of every section a table (or an array of tables) and the tables inside it
    /// have, each from its header's line to the next header (not the comment lines right
    /// above that one, which are its), in the file's order.
    func sections(of entry: TOMLEntry) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        func walk(_ table: TOMLTable) {
            if let start = table.headerLine, let section = table.section {
                let end = section.upperBound < bytes.count ? attachedComments(before: section.upperBound) : bytes.count
                ranges.append(start..<max(start, end))
            }
            for key in table.keys {
                switch table.entries[key] {
                case .table(let inner, nil)?: walk(inner)
                case .tables(let elements, _)?: elements.forEach(walk)
                default: break
                }
            }
        }
        switch entry {
        case .table(let table, nil): walk(table)
        case .tables(let elements, _): elements.forEach(walk)
        default: break
        }
        return ranges.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// The start of the comment lines right above the line at `offset` (no blank line
    /// between), or `offset` itself.
    func attachedComments(before offset: Int) -> Int {
        var start = offset
        while start > 0 {
            var lineStart = start - 1
            while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
            let line = bytes[lineStart..<(start - 1)].drop { $0 == 0x20 || $0 == 0x09 }
            guard line.first == UInt8(ascii: "#") else { break }
            start = lineStart
        }
        return start
    }
}
