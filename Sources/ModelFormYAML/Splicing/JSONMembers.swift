import ModelForm

/// Members added to and removed from a JSON object or array in place, as ``BlockEntries``
/// and ``BlockItems`` do for YAML: the members that stay keep their bytes (and their own
/// edits); a removed one goes with the comma and the space that part it from the next one;
/// an added one is written after the member before it, in its neighbours' spacing (the
/// text between two members, the colon's spacing), a nested value indented as they are, or
/// on one line in a container written on one line. An object's kept keys must keep their
/// order; an array's items are matched as YAML lists' are (the longest common run). A
/// container with no member kept is written again in its place.
struct JSONMembers {
    let bytes: [UInt8]

    /// One member: where its key (an array item: its value) starts, and its value's bytes.
    struct Member {
        var start: Int
        var valueStart: Int
        var end: Int
    }

    /// The members of the object or array that opens at `open`, and where it closes; `nil`
    /// when the bytes there are not one.
    func scan(at open: Int) -> (members: [Member], close: Int)? {
        guard open < bytes.count, bytes[open] == UInt8(ascii: "{") || bytes[open] == UInt8(ascii: "[") else {
            return nil
        }
        let isObject = bytes[open] == UInt8(ascii: "{")
        let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        var members: [Member] = []
        var index = skipSpace(open + 1)
        if index < bytes.count, bytes[index] == closer { return ([], index) }
        while index < bytes.count {
            let start = index
            var valueStart = index
            if isObject {
                guard let keyEnd = stringEnd(index) else { return nil }
                index = skipSpace(keyEnd)
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                valueStart = skipSpace(index + 1)
            }
            guard let end = valueEnd(valueStart) else { return nil }
            members.append(Member(start: start, valueStart: valueStart, end: end))
            index = skipSpace(end)
            guard index < bytes.count else { return nil }
            if bytes[index] == closer { return (members, index) }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = skipSpace(index + 1)
        }
        return nil
    }

    /// The edits that turn the container at `open` (holding `count` members) into one of
    /// `written.count` members: `kept` pairs old and new positions (in order), `written`
    /// each new member's text in the container's ``Style`` (`nil` for a kept one), `whole`
    /// the new container, written in its place when no member is kept. `nil` when the
    /// container cannot be reshaped in place.
    func reshape(
        at open: Int, kept: [(old: Int, new: Int)], written: [((Style) -> String)?], moved: Set<Int> = [],
        whole: FormValue
    ) -> [(range: Range<Int>, text: String)]? {
        guard let (members, close) = scan(at: open) else { return nil }
        return reshape(members, open: open, close: close, kept: kept, written: written, moved: moved) {
            $0.lineBreak($0.whole(whole))
        }
    }

    /// ``reshape(at:kept:written:whole:)`` of a container whose `members` are known (a YAML
    /// flow collection's, from its spans): `whole(style)` the container written again, when
    /// no member is kept.
    func reshape(
        _ members: [Member], open: Int, close: Int, kept: [(old: Int, new: Int)], written: [((Style) -> String)?],
        moved: Set<Int> = [], whole: (Style) -> String
    ) -> [(range: Range<Int>, text: String)]? {
        let style = Style(self, open: open, members: members, close: close)
        guard let first = kept.first else {
            // Nothing stays: the container written again where it is.
            return [(open..<(close + 1), whole(style))]
        }
        var edits: [(range: Range<Int>, text: String)] = []
        let keptOld = Set(kept.map(\.old))
        var run: [Int] = []
        for index in 0...members.count {
            if index < members.count, !keptOld.contains(index) {
                run.append(index)
                continue
            }
            guard let a = run.first, let b = run.last else { continue }
            // A moved member's comment (YAML, TOML) stays where it is: each member goes alone,
            // with its comma.
            if run.contains(where: moved.contains),
                bytes[members[a].start..<members[b].end].contains(hash)
                    || (b + 1 < members.count && bytes[members[b].end..<members[b + 1].start].contains(hash))
            {
                for index in run {
                    edits.append((alone(index, members), ""))
                }
                run = []
                continue
            }
            // Whole lines where the members had lines of their own (a comment on the last one's
            // line too); else up to the next member, or from the end of the one before when
            // it was the last.
            let removed =
                wholeLines(members[a].start, through: members[b].end)
                ?? (b + 1 < members.count ? members[a].start..<members[b + 1].start : lastRun(a, b, members))
            edits.append((removed, ""))
            run = []
        }
        let keptNew = Dictionary(uniqueKeysWithValues: kept.map { ($0.new, $0.old) })
        for (index, write) in written.enumerated() {
            guard let write else { continue }
            let text = style.lineBreak(write(style))
            if let before = (0..<index).last(where: { keptNew[$0] != nil }), let old = keptNew[before] {
                edits.append((members[old].end..<members[old].end, "," + style.separator + text))
            } else {
                edits.append((members[first.old].start..<members[first.old].start, text + "," + style.separator))
            }
        }
        return edits
    }

    /// A moved member's own bytes, as a new member is written where it goes (line breaks as
    /// `\n`: the container's ``Style`` writes its own).
    func moved(_ member: Member) -> (Style) -> String {
        let text = String(decoding: bytes[member.start..<member.end], as: UTF8.self)
            .replacingOccurrences(of: "\r\n", with: "\n")
        return { _ in text }
    }

    /// How a container spaces its members, read from it.
    struct Style {
        /// Between a member's comma and the next member (`"\n    "`, `" "`).
        var separator: String
        /// Between a key and its value (`": "`).
        var colon = ": "
        /// The indentation members are at, and one level of it; empty on one line.
        var memberIndent: String
        var unit: String
        /// The indentation of the line the container opens on.
        var outerIndent: String
        var crlf: Bool

        init(_ members: JSONMembers, open: Int, members list: [Member], close: Int) {
            let bytes = members.bytes
            func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
            var lineStart = open
            while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
            var indentEnd = lineStart
            while indentEnd < open, bytes[indentEnd] == 0x20 || bytes[indentEnd] == 0x09 { indentEnd += 1 }
            outerIndent = text(lineStart..<indentEnd)
            if list.count >= 2 {
                var comma = list[0].end
                while comma < list[1].start, bytes[comma] != UInt8(ascii: ",") { comma += 1 }
                separator = text(min(comma + 1, list[1].start)..<list[1].start)
            } else if let only = list.first {
                separator = text((open + 1)..<only.start)
            } else {
                separator = text((open + 1)..<close)
            }
            // Spaces a member's line happens to end with are not its neighbours' style.
            if let lineBreak = separator.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) {
                separator = String(separator[lineBreak...])
            }
            crlf = separator.contains("\r\n")
            if let first = list.first, first.valueStart > first.start, let keyEnd = members.stringEnd(first.start) {
                colon = text(keyEnd..<first.valueStart)
            }
            if let lineBreak = separator.lastIndex(of: "\n") {
                memberIndent = String(separator[separator.index(after: lineBreak)...])
                unit =
                    memberIndent.hasPrefix(outerIndent) && memberIndent.count > outerIndent.count
                    ? String(memberIndent.dropFirst(outerIndent.count)) : "  "
            } else {
                if list.count < 2, separator.isEmpty, list.first.map({ $0.valueStart > $0.start }) == true {
                    separator = " "
                }
                memberIndent = ""
                unit = ""
            }
        }

        /// `text` with the container's line ending.
        func lineBreak(_ text: String) -> String {
            crlf ? text.replacingOccurrences(of: "\n", with: "\r\n") : text
        }

        /// A value as a member here writes it: indented as the members are, or on one line.
        func value(_ value: FormValue) -> String {
            memberIndent.isEmpty
                ? JSONText.inline(value, colon: colon) : JSONText.write(value, indent: memberIndent, unit: unit)
        }

        /// The whole container again, at the indentation of its line.
        func whole(_ value: FormValue) -> String {
            separator.contains("\n") || memberIndent.isEmpty == false
                ? JSONText.write(value, indent: outerIndent, unit: unit.isEmpty ? "  " : unit)
                : JSONText.inline(value, colon: colon)
        }
    }

    private var hash: UInt8 { UInt8(ascii: "#") }

    /// Member `index`'s bytes and its comma, not the blanks or comment after them; the last
    /// member without a comma after it from the end of the one before it.
    private func alone(_ index: Int, _ members: [Member]) -> Range<Int> {
        var end = members[index].end
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: ",") { return members[index].start..<(end + 1) }
        guard index > 0 else { return members[index].start..<members[index].end }
        return members[index - 1].end..<members[index].end
    }

    /// The members `a` to the last, `b`, without a comma after it: from the end of the one
    /// before; but where a comment follows that one's comma (YAML, TOML), from the line the
    /// run starts on, the comma left trailing (which both allow).
    private func lastRun(_ a: Int, _ b: Int, _ members: [Member]) -> Range<Int> {
        let before = members[a - 1].end..<members[a].start
        guard bytes[before].contains(hash) else { return before.lowerBound..<members[b].end }
        var lineStart = members[a].start
        while lineStart > before.lowerBound, bytes[lineStart - 1] == 0x20 || bytes[lineStart - 1] == 0x09 {
            lineStart -= 1
        }
        return lineStart..<members[b].end
    }

    /// The lines from the one `start` is on to the one `end` is on, when only blanks come
    /// before `start` on its line and only a comma (then blanks and a `#` comment, in YAML
    /// and TOML) after `end` on its line; else `nil`.
    private func wholeLines(_ start: Int, through end: Int) -> Range<Int>? {
        var lineStart = start
        while lineStart > 0, bytes[lineStart - 1] == 0x20 || bytes[lineStart - 1] == 0x09 { lineStart -= 1 }
        guard lineStart > 0, bytes[lineStart - 1] == 0x0A else { return nil }
        var index = end
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
        index += 1
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        }
        if index < bytes.count, bytes[index] == 0x0D { index += 1 }
        guard index < bytes.count, bytes[index] == 0x0A else { return nil }
        return lineStart..<(index + 1)
    }

    // MARK: Scanning

    private func skipSpace(_ start: Int) -> Int {
        var index = start
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index
    }

    /// The end of the string that opens at `start` (past its closing quote).
    func stringEnd(_ start: Int) -> Int? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
        var index = start + 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return index < bytes.count ? index + 1 : nil
    }

    /// The end of the value that starts at `start`: a string, a container (matched
    /// brackets, strings skipped), or a literal up to the next delimiter.
    private func valueEnd(_ start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "\""): return stringEnd(start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = start
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard let end = stringEnd(index) else { return nil }
                    index = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
            return nil
        default:
            var index = start
            while index < bytes.count, !Array(",]} \t\r\n".utf8).contains(bytes[index]) { index += 1 }
            return index > start ? index : nil
        }
    }
}
