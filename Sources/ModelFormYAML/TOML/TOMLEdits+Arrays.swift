import ModelForm

/// Inline arrays that gain, lose or move items.
extension TOMLEdits {
    /// An inline array at `range` whose items changed in number or order: on one line
    /// without comments, written again in its place; over several lines or with comments
    /// (`dependencies = [\n  "a",  # why\n]`), reshaped item by item as a JSON array is
    /// (``JSONMembers``): the items that stay keep their bytes and comments (an item changed
    /// where it stands too), a new one is written after the one before it in its neighbours'
    /// spacing, a removed one goes with its comma and a comment on its line, a moved one
    /// with its own bytes (arrays of up to 1,000 items).
    mutating func reshapeArray(_ entries: [TOMLEntry], range: Range<Int>, to items: [FormValue], names: [String])
        -> Bool
    {
        let path = names.joined(separator: ".")
        if !bytes[range].contains(0x0A), !bytes[range].contains(UInt8(ascii: "#")) {
            return rewriteInline(range, .list(items), names: names)
        }
        guard entries.count <= 1_000, items.count <= 1_000 else { return false }
        var members: [JSONMembers.Member] = []
        for entry in entries {
            guard let member = entry.range else { return false }
            members.append(.init(start: member.lowerBound, valueStart: member.lowerBound, end: member.upperBound))
        }
        let match = ItemMatch(
            entries.count, items.count, matches: { Self.matches(entries[$0], items[$1]) },
            similar: { Self.sameKind(entries[$0], items[$1]) })
        for (old, new) in match.kept {
            guard collect(entries[old], items[new], names: names) else { return false }
        }
        let keptNew = Set(match.kept.map(\.new))
        var written: [((JSONMembers.Style) -> String)?] = []
        for (index, item) in items.enumerated() {
            if keptNew.contains(index) {
                written.append(nil)
            } else if let from = match.moved[index] {
                written.append(JSONMembers(bytes: bytes).moved(members[from]))
            } else {
                guard let text = try? TOMLWriter.inline(item, at: path) else { return false }
                written.append { _ in text }
            }
        }
        guard let whole = try? TOMLWriter.inline(.list(items), at: path),
            let reshaped = JSONMembers(bytes: bytes).reshape(
                members, open: range.lowerBound, close: range.upperBound - 1, kept: match.kept, written: written,
                moved: Set(match.moved.values),
                whole: { _ in whole })
        else { return false }
        edits += reshaped
        return true
    }

    /// Whether the file's entry and `value` are of one kind (scalars, arrays and lists,
    /// tables and records): what an item changed where it stands may be.
    static func sameKind(_ entry: TOMLEntry, _ value: FormValue) -> Bool {
        switch (entry, value) {
        case (.array, .list), (.table, .record), (.tables, .list): true
        case (.scalar, .list), (.scalar, .record): false
        case (.scalar, _): true
        default: false
        }
    }
}
