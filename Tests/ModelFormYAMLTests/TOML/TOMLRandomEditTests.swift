import ModelForm
import ModelFormTesting
import Testing

@testable import ModelFormYAML

/// Random TOML files (values at the top, tables, a nested table, an array of tables,
/// comments above lines and after them, blank lines, CR LF or LF) given random sequences of
/// edits (a value set, a key removed, a key added, an element added or removed, an inline
/// array's item added, removed or moved, on one line or over several): each edit
/// made in place reads back as exactly the values intended, and its comments on kept lines
/// stay. Seeded, so a failure repeats.
struct TOMLRandomEditTests {
    /// SplitMix64: the same numbers for the same seed on every machine.
    struct Numbers: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func scalar(_ numbers: inout Numbers) -> String {
        switch Int.random(in: 0..<6, using: &numbers) {
        case 0: return String(Int.random(in: -50...500, using: &numbers))
        case 5:
            // An array over lines, a comment on an item's line, a trailing comma or none.
            let items = (0..<Int.random(in: 1...3, using: &numbers)).map { "  \($0)," + ($0 == 0 ? "  # first" : "") }
            return "[\n" + items.joined(separator: "\n") + (Bool.random(using: &numbers) ? "\n]" : "\n  9\n]")
        case 1: return "\"text \(Int.random(in: 0...99, using: &numbers))\""
        case 2: return "'lit \(Int.random(in: 0...99, using: &numbers))'"
        case 3: return Bool.random(using: &numbers) ? "true" : "false"
        default: return "[\(Int.random(in: 0...9, using: &numbers)), \(Int.random(in: 0...9, using: &numbers))]"
        }
    }

    static func file(_ numbers: inout Numbers) -> String {
        var lines: [String] = []
        func keys(_ prefix: String, _ count: Int) {
            for index in 0..<count {
                if Int.random(in: 0..<4, using: &numbers) == 0 { lines.append("# about \(prefix)\(index)") }
                let comment = Bool.random(using: &numbers) ? "  # end \(prefix)\(index)" : ""
                lines.append("\(prefix)\(index) = \(scalar(&numbers))\(comment)")
            }
        }
        keys("k", Int.random(in: 0...3, using: &numbers))
        // A table of dotted keys, one of them a level deeper.
        if Bool.random(using: &numbers) {
            keys("d.x", Int.random(in: 1...2, using: &numbers))
            if Bool.random(using: &numbers) { keys("d.m.y", 1) }
        }
        for table in 0..<Int.random(in: 0...2, using: &numbers) {
            if Bool.random(using: &numbers) { lines.append("") }
            if Bool.random(using: &numbers) { lines.append("# table \(table)") }
            lines.append("[t\(table)]")
            keys("v", Int.random(in: 0...3, using: &numbers))
            if Bool.random(using: &numbers) {
                lines.append("[t\(table).inner]")
                keys("w", Int.random(in: 1...2, using: &numbers))
            }
        }
        // A table only a header's prefix makes (`h` of `[h.s]`).
        if Int.random(in: 0..<3, using: &numbers) == 0 {
            lines.append("[h.s]")
            keys("z", 1)
        }
        for element in 0..<Int.random(in: 0...3, using: &numbers) {
            lines.append(element == 0 ? "" : "# element \(element)")
            lines.append("[[p]]")
            keys("e", Int.random(in: 1...2, using: &numbers))
        }
        let lineBreak = Bool.random(using: &numbers) ? "\r\n" : "\n"
        return lines.joined(separator: lineBreak) + (Bool.random(using: &numbers) ? lineBreak : "")
    }

    /// Every table's path in a value (records only, not inside lists but the array of tables').
    static func tables(_ value: FormValue, _ path: String = "") -> [String] {
        guard case .record(let record) = value else { return [] }
        var found = [path]
        for (key, item) in zip(record.keys, record.values) {
            let inner = path.isEmpty ? key : path + "." + key
            if case .list(let items) = item, case .record? = items.first {
                for index in items.indices { found += tables(items[index], inner + "[\(index)]") }
            } else {
                found += tables(item, inner)
            }
        }
        return found
    }

    static func edit(_ values: inout FormValue, _ numbers: inout Numbers, step: Int) throws {
        let scalars = ScalarEdits.scalars(values).map(\.0)
        let arrays = Set(scalars.filter { !endsInAKey($0) }.map { FormPath($0.components.dropLast()) })
        switch Int.random(in: 0..<5, using: &numbers) {
        case 4 where !arrays.isEmpty:
            // An inline array's item added, removed or moved.
            let path = arrays.sorted { $0.description < $1.description }[
                Int.random(in: 0..<arrays.count, using: &numbers)]
            guard case .list(var items)? = values[path] else { return }
            switch Int.random(in: 0..<3, using: &numbers) {
            case 0: items.insert(.int(Int64(100 + step)), at: Int.random(in: 0...items.count, using: &numbers))
            case 1 where items.count > 1: items.remove(at: Int.random(in: 0..<items.count, using: &numbers))
            default: items.reverse()
            }
            try values.set(.list(items), at: path)
        case 0 where !scalars.isEmpty:
            let path = scalars[Int.random(in: 0..<scalars.count, using: &numbers)]
            try values.set(.string("new \(step)"), at: path)
        case 1 where scalars.contains(where: Self.endsInAKey):
            // A key removed (TOML arrays hold no null: an item is not cleared so).
            let keys = scalars.filter(Self.endsInAKey)
            try values.set(.null, at: keys[Int.random(in: 0..<keys.count, using: &numbers)])
        case 2:
            let tables = tables(values)
            let table = tables[Int.random(in: 0..<tables.count, using: &numbers)]
            try values.set(
                .int(Int64(step)), at: FormPath(parsing: (table.isEmpty ? "" : table + ".") + "added\(step)"))
        default:
            guard case .list(var items)? = values["p"] else {
                try values.set(.list([.record(["e0": .int(1)])]), at: "p")
                return
            }
            if items.count > 1, Bool.random(using: &numbers) {
                items.remove(at: Int.random(in: 0..<items.count, using: &numbers))
            } else {
                items.insert(.record(["e0": .string("x\(step)")]), at: Int.random(in: 0...items.count, using: &numbers))
            }
            try values.set(.list(items), at: "p")
        }
    }

    static func endsInAKey(_ path: FormPath) -> Bool {
        if case .key? = path.components.last { return true }
        return false
    }

    @Test func randomEditsReadBackAsIntended() throws {
        var numbers = Numbers(state: 2026_11_28)
        var inPlace = 0
        var whole = 0
        var edited: [(text: String, ours: JSONValue)] = []
        for _ in 0..<300 {
            let original = Self.file(&numbers)
            var values = JSONValue(try TOMLReader.parseDocument(original, file: "r.toml")).formValue
            for step in 0..<3 { try Self.edit(&values, &numbers, step: step) }
            guard let text = TOMLSplice.edit(original, values: values) else {
                whole += 1
                continue
            }
            inPlace += 1
            let back = try #require(try? TOMLReader.parseDocument(text, file: "r.toml"), "\(original)\n---\n\(text)")
            edited.append((text, JSONValue(back)))
            #expect(
                JSONValue(back).formValue.keysSorted == values.withoutNulls.keysSorted,
                "\(original)\n---\n\(text)")
            // A kept line's comment stays.
            for comment in original.split(whereSeparator: \.isNewline) where comment.hasPrefix("# table") {
                let table = comment.split(separator: " ").last.map(String.init) ?? ""
                if values[FormPath([.key("t\(table)")])] != nil {
                    #expect(text.contains(comment), "\(original)\n---\n\(text)")
                }
            }
        }
        print("TOML random edits: \(inPlace) of \(inPlace + whole) files edited in place")
        // Python's tomllib reads every edited file as ModelForm does.
        if PythonTOML.isAvailable {
            for ((text, ours), python) in zip(edited, try PythonTOML.readAll(edited.map(\.text))) {
                #expect(python == ours, "\(text)")
            }
        }
        #expect(inPlace * 10 >= (inPlace + whole) * 9)
    }
}
