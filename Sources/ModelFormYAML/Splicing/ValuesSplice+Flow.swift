import ModelForm

/// YAML flow collections (`[main, dev]`, `{os: linux}`) that gain or lose members.
extension ValuesSplice {
    typealias Edit = (range: Range<Int>, text: String)

    /// A flow collection at `range` that gained or lost members: on one line without
    /// comments, written again in its place (``FlowCollections``); over several lines or
    /// with comments, reshaped member by member as a JSON container is (``JSONMembers``):
    /// the members that stay keep their bytes and their comments, a new one goes after the
    /// one before it in its neighbours' spacing, a removed one with its comma (and a
    /// comment on its line), a moved list item with its own bytes.
    static func reshapeFlow(
        _ range: Range<Int>, _ node: YAMLNode, _ value: FormValue, path: [ScalarSpans.Step], spans: ScalarSpans,
        bytes: [UInt8], into edits: inout [Edit]
    ) -> Bool {
        if let text = FlowCollections.text(value, replacing: bytes[range]) {
            edits.append((range, text))
            return true
        }
        var members: [JSONMembers.Member] = []
        var kept: [(old: Int, new: Int)] = []
        var written: [((JSONMembers.Style) -> String)?] = []
        var movedOld: Set<Int> = []
        switch (node.kind, value) {
        case (.sequence(let items), .list(let values)):
            guard items.count <= 1_000, values.count <= 1_000 else { return false }
            for index in items.indices {
                guard let member = memberRange(path + [.index(index)], spans) else { return false }
                members.append(.init(start: member.lowerBound, valueStart: member.lowerBound, end: member.upperBound))
            }
            let match = ItemMatch(
                items.count, values.count, matches: { BlockItems.matches(items[$0], values[$1]) },
                similar: { BlockItems.sameKind(items[$0], values[$1]) })
            kept = match.kept
            movedOld = Set(match.moved.values)
            for (old, new) in kept {
                guard
                    collect(
                        items[old], values[new], path: path + [.index(old)], spans: spans, bytes: bytes, into: &edits)
                else { return false }
            }
            let keptNew = Set(kept.map(\.new))
            for (index, item) in values.enumerated() {
                if keptNew.contains(index) {
                    written.append(nil)
                    continue
                }
                if let from = match.moved[index] {
                    written.append(JSONMembers(bytes: bytes).moved(members[from]))
                    continue
                }
                guard let text = FlowCollections.text(item, padded: false, separator: ", ") else { return false }
                written.append { _ in text }
            }
        case (.mapping(let pairs), .record(let record)):
            let keys = pairs.map { $0.key.string ?? "\u{0}" }
            let oldKeys = Set(keys)
            let newKeys = Set(record.keys)
            guard keys.filter(newKeys.contains) == record.keys.filter(oldKeys.contains) else { return false }
            for key in keys {
                guard let name = spans.keys[path + [.key(key)]]?.range,
                    let member = memberRange(path + [.key(key)], spans)
                else { return false }
                members.append(.init(start: name.lowerBound, valueStart: member.lowerBound, end: member.upperBound))
            }
            for (index, (key, item)) in record.pairs.enumerated() {
                guard let old = keys.firstIndex(of: key) else {
                    guard let name = FlowCollections.scalar(.string(key)),
                        let text = FlowCollections.text(item, padded: false, separator: ", ")
                    else { return false }
                    written.append { name + $0.colon + text }
                    continue
                }
                guard
                    collect(pairs[old].value, item, path: path + [.key(key)], spans: spans, bytes: bytes, into: &edits)
                else { return false }
                kept.append((old, index))
                written.append(nil)
            }
        default:
            return false
        }
        let whole = FlowCollections.text(value, padded: false, separator: ", ")
        guard
            let reshaped = JSONMembers(bytes: bytes).reshape(
                members, open: range.lowerBound, close: range.upperBound - 1, kept: kept, written: written,
                moved: movedOld,
                whole: { _ in whole ?? "" }),
            kept.isEmpty == false || whole != nil
        else { return false }
        edits += reshaped
        return true
    }

    /// A flow collection's member's bytes: its scalar's, or its own flow collection's.
    private static func memberRange(_ path: [ScalarSpans.Step], _ spans: ScalarSpans) -> Range<Int>? {
        if let flow = spans.flows[path] { return flow }
        guard let span = spans[path], !span.range.isEmpty else { return nil }
        return span.range
    }
}
