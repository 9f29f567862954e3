/// Where each value of a parsed JSON text starts, kept as byte offsets in the order the
/// values start (the value tree's preorder) and made `file:line:column` only when asked:
/// a parse costs an offset a value, not a JSON pointer and a mark a value (two string
/// replacements a key, a dictionary entry, a count of characters).
package final class JSONLocations: Sendable {
    private let file: String
    private let bytes: [UInt8]
    /// The parse tree the offsets are of (a document's value may be changed after).
    private let root: JSONValue
    /// Each value's first byte, in preorder.
    private let starts: [Int]
    /// How many values each value's subtree holds (itself included), in preorder.
    private let sizes: [Int]
    /// The offset each line starts at.
    private let lineStarts: [Int]

    init(file: String, bytes: [UInt8], root: JSONValue, starts: [Int], sizes: [Int], lineStarts: [Int]) {
        self.file = file
        self.bytes = bytes
        self.root = root
        self.starts = starts
        self.sizes = sizes
        self.lineStarts = lineStarts
    }

    /// Where the value at `pointer` starts; with `nearest`, the nearest enclosing value's
    /// start when the pointer names no value.
    func mark(_ pointer: String, nearest: Bool) -> SourceMark? {
        var value = root
        var index = 0
        guard pointer.isEmpty || pointer.hasPrefix("/") else { return nil }
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = Self.unescape(token)
            var child: Int?
            switch value {
            case .object(let object): child = object.position(of: key)
            case .array(let items): child = Int(key).flatMap { items.indices.contains($0) ? $0 : nil }
            default: child = nil
            }
            guard let child else { return nearest ? mark(at: index) : nil }
            index += 1
            for _ in 0..<child { index += sizes[index] }
            switch value {
            case .object(let object): value = object.pairs[child].value
            case .array(let items): value = items[child]
            default: break
            }
        }
        return mark(at: index)
    }

    /// Every value's mark, in preorder: one pass over the text.
    func marksInOrder() -> [SourceMark] {
        var marks: [SourceMark] = []
        marks.reserveCapacity(starts.count)
        var line = 0
        var counted = (offset: 0, column: 1)
        for start in starts {
            while line + 1 < lineStarts.count, lineStarts[line + 1] <= start {
                line += 1
                counted = (lineStarts[line], 1)
            }
            counted.column += scalars(from: counted.offset, to: start)
            counted.offset = start
            marks.append(SourceMark(file: file, line: line + 1, column: counted.column))
        }
        return marks
    }

    /// Every value's mark by JSON pointer.
    func allMarks() -> [String: SourceMark] {
        let ordered = marksInOrder()
        var marks: [String: SourceMark] = [:]
        marks.reserveCapacity(ordered.count)
        var index = 0
        func walk(_ value: JSONValue, _ pointer: String) {
            marks[pointer] = ordered[index]
            index += 1
            switch value {
            case .object(let object):
                for (key, child) in object.pairs { walk(child, pointer + "/" + JSONParser.escape(key)) }
            case .array(let items):
                for (position, item) in items.enumerated() { walk(item, pointer + "/" + String(position)) }
            default: break
            }
        }
        walk(root, "")
        return marks
    }

    private func mark(at index: Int) -> SourceMark {
        let start = starts[index]
        // The last line starting at or before the value.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= start { low = middle } else { high = middle - 1 }
        }
        return SourceMark(file: file, line: low + 1, column: 1 + scalars(from: lineStarts[low], to: start))
    }

    /// The Unicode scalars of the bytes from `start` up to `end` (the bytes that begin one).
    private func scalars(from start: Int, to end: Int) -> Int {
        var count = 0
        for index in start..<end where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// A JSON pointer token's key: `~1` as `/`, `~0` as `~`.
    private static func unescape(_ token: Substring) -> String {
        guard token.utf8.contains(UInt8(ascii: "~")) else { return String(token) }
        var key = ""
        var tilde = false
        for character in token {
            if tilde {
                key.append(character == "1" ? "/" : character == "0" ? "~" : character)
                tilde = false
            } else if character == "~" {
                tilde = true
            } else {
                key.append(character)
            }
        }
        return key
    }
}
