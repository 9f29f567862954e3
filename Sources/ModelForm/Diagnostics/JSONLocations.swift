/// Where each value of a parsed JSON text starts, kept as line and column numbers in the
/// order the values start (the value tree's preorder) and made a ``SourceMark`` or a JSON
/// pointer only when asked: a parse costs two numbers a value, not a JSON pointer and a mark
/// a value (two string replacements a key, a dictionary entry, a string to count characters).
package final class JSONLocations: Sendable {
    private let file: String
    /// The parse tree the places are of (a document's value may be changed after).
    private let root: JSONValue
    /// Each value's line and column (in Unicode scalars), in preorder.
    private let places: [(line: Int32, column: Int32)]
    /// How many values each value's subtree holds (itself included), in preorder.
    private let sizes: [Int]

    init(file: String, root: JSONValue, places: [(line: Int32, column: Int32)], sizes: [Int]) {
        self.file = file
        self.root = root
        self.places = places
        self.sizes = sizes
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
            case .array(let items):
                // An index as a pointer writes it: digits, no sign, no leading zero.
                child = Int(key).flatMap { String($0) == key && items.indices.contains($0) ? $0 : nil }
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

    /// Every value's mark, in preorder.
    func marksInOrder() -> [SourceMark] { places.indices.map(mark(at:)) }

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
        SourceMark(file: file, line: Int(places[index].line), column: Int(places[index].column))
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
