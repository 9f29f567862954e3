import ModelForm

/// JSON values files edited in place: each changed scalar's bytes replaced, objects and
/// arrays that gain or lose members reshaped where they are (``JSONMembers``).
extension ValuesSplice {
    /// The JSON `original` with the scalars of `values` that differ put in place, or `nil`.
    static func json(_ original: String, values: FormValue) -> String? {
        guard let document = try? JSONParser.parse(original, file: "original") else { return nil }
        let bytes = Array(original.utf8)
        var edits: [(range: Range<Int>, text: String)] = []
        guard collect(document.value, values, pointer: "", document: document, bytes: bytes, into: &edits) else {
            return nil
        }
        return apply(edits, to: original)
    }

    private static func collect(
        _ original: JSONValue, _ value: FormValue, pointer: String, document: JSONParser.Document, bytes: [UInt8],
        into edits: inout [(range: Range<Int>, text: String)]
    ) -> Bool {
        switch (original, value) {
        case (.object(let object), .record(let record)):
            let renamed = renames(object.keys, record.keys) { same(object.pairs[$0].value, record.values[$1]) }
            if !renamed.isEmpty {
                guard let mark = document.exactMark(pointer), let open = offset(of: mark, in: bytes),
                    let members = JSONMembers(bytes: bytes).scan(at: open)?.members
                else { return false }
                // Each renamed key's string replaced; the values below, by their old pointers.
                for (old, new) in renamed {
                    guard let end = JSONMembers(bytes: bytes).stringEnd(members[old].start) else { return false }
                    edits.append((members[old].start..<end, JSONValue.quote(record.keys[new])))
                }
            }
            // A renamed member is kept (its key edited apart): never is the whole object written.
            let fileRecord = fileKeyed(record, object.keys, renamed)
            if object.keys != fileRecord.keys {
                return reshape(
                    object, to: fileRecord, pointer: pointer, document: document, bytes: bytes, into: &edits)
            }
            for ((key, child), new) in zip(object.pairs, record.values) {
                let childPointer = pointer + "/" + JSONParser.escape(key)
                guard collect(child, new, pointer: childPointer, document: document, bytes: bytes, into: &edits) else {
                    return false
                }
            }
            return true
        case (.array(let items), .list(let values)):
            guard ItemMatch.itemByItem(items.count, values.count, matches: { same(items[$0], values[$1]) }) else {
                return reshape(items, to: values, pointer: pointer, document: document, bytes: bytes, into: &edits)
            }
            for (index, (item, new)) in zip(items, values).enumerated() {
                let childPointer = pointer + "/" + String(index)
                guard collect(item, new, pointer: childPointer, document: document, bytes: bytes, into: &edits) else {
                    return false
                }
            }
            return true
        case (.object, _), (.array, _), (_, .record), (_, .list):
            return false
        default:
            let text = JSONText.write(value)
            guard let written = try? JSONParser.parse(text, file: "scalar").value else { return false }
            if sameScalar(written, original) { return true }
            guard let mark = document.exactMark(pointer), let range = tokenRange(at: mark, in: bytes) else {
                return false
            }
            edits.append((range, text))
            return true
        }
    }

    /// The same JSON scalar: numbers by value (`1.0` is `1`), others exactly.
    private static func sameScalar(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if case .number(let x) = a, case .number(let y) = b { return x.double == y.double && x.decimal == y.decimal }
        return a == b
    }

    /// An object that gained or lost keys, edited in place (``JSONMembers``): the keys that
    /// stay must keep their order.
    private static func reshape(
        _ object: JSONObject, to record: FormRecord, pointer: String, document: JSONParser.Document, bytes: [UInt8],
        into edits: inout [(range: Range<Int>, text: String)]
    ) -> Bool {
        guard let mark = document.exactMark(pointer), let open = offset(of: mark, in: bytes),
            let members = JSONMembers(bytes: bytes).scan(at: open)?.members, members.count == object.count
        else { return false }
        // The members both have stay where they are in the longest run in one order; the
        // others of them move, with their bytes where their value is the same.
        let stay = ItemMatch.staying(object.keys, record.keys)
        var kept: [(old: Int, new: Int)] = []
        var written: [((JSONMembers.Style) -> String)?] = []
        var moved: Set<Int> = []
        for (index, (key, value)) in record.pairs.enumerated() {
            guard stay.contains(key), let old = object.keys.firstIndex(of: key), let child = object[key] else {
                if let old = object.keys.firstIndex(of: key), let child = object[key], same(child, value) {
                    written.append(JSONMembers(bytes: bytes).moved(members[old]))
                    moved.insert(old)
                    continue
                }
                written.append({ JSONValue.quote(key) + $0.colon + $0.value(value) })
                continue
            }
            let childPointer = pointer + "/" + JSONParser.escape(key)
            guard collect(child, value, pointer: childPointer, document: document, bytes: bytes, into: &edits) else {
                return false
            }
            kept.append((old, index))
            written.append(nil)
        }
        return JSONMembers(bytes: bytes).reshape(
            at: open, kept: kept, written: written, moved: moved, whole: .record(record)
        )
        .map { edits += $0 } != nil
    }

    /// An array that gained or lost items, edited in place: the items that stay are the
    /// longest common run of equal ones, as a YAML list's (at most 1,000 items).
    private static func reshape(
        _ items: [JSONValue], to values: [FormValue], pointer: String, document: JSONParser.Document, bytes: [UInt8],
        into edits: inout [(range: Range<Int>, text: String)]
    ) -> Bool {
        guard items.count <= 1_000, values.count <= 1_000, let mark = document.exactMark(pointer),
            let open = offset(of: mark, in: bytes)
        else { return false }
        let match = ItemMatch(
            items.count, values.count, matches: { same(items[$0], values[$1]) },
            similar: { sameKind(items[$0], values[$1]) })
        let kept = match.kept
        for (old, new) in kept {
            let childPointer = pointer + "/" + String(old)
            guard
                collect(items[old], values[new], pointer: childPointer, document: document, bytes: bytes, into: &edits)
            else { return false }
        }
        let keptNew = Set(kept.map(\.new))
        let members = JSONMembers(bytes: bytes)
        let old = members.scan(at: open)?.members ?? []
        let written: [((JSONMembers.Style) -> String)?] = values.indices.map { index in
            if keptNew.contains(index) { return nil }
            // A moved item: its own bytes (in the line breaks the container writes).
            if let from = match.moved[index], from < old.count {
                return members.moved(old[from])
            }
            return { $0.value(values[index]) }
        }
        return members.reshape(at: open, kept: kept, written: written, whole: .list(values)).map {
            edits += $0
        } != nil
    }

    /// Whether the file's JSON and `value` are of one kind (scalars, objects and records,
    /// arrays and lists).
    private static func sameKind(_ json: JSONValue, _ value: FormValue) -> Bool {
        switch (json, value) {
        case (.object, .record), (.array, .list): true
        case (.object, _), (.array, _), (_, .record), (_, .list): false
        default: true
        }
    }

    /// Whether the file's JSON says `value`: scalars as ``sameScalar(_:_:)``, containers member by member.
    private static func same(_ json: JSONValue, _ value: FormValue) -> Bool {
        switch (json, value) {
        case (.object(let object), .record(let record)):
            return object.keys == record.keys
                && zip(object.pairs.map(\.value), record.values).allSatisfy { same($0, $1) }
        case (.array(let items), .list(let list)):
            return items.count == list.count && zip(items, list).allSatisfy { same($0, $1) }
        case (.object, _), (.array, _), (_, .record), (_, .list):
            return false
        default:
            guard let written = try? JSONParser.parse(JSONText.write(value), file: "scalar").value else { return false }
            return sameScalar(written, json)
        }
    }

    /// The offset in `bytes` of `mark` (a line and a column in Unicode scalars).
    private static func offset(of mark: SourceMark, in bytes: [UInt8]) -> Int? {
        var line = 1
        var index = 0
        while line < mark.line, index < bytes.count {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
        var column = 1
        while column < mark.column, index < bytes.count {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            column += 1
        }
        return index < bytes.count ? index : nil
    }

    /// The bytes of the JSON scalar that starts at `mark`.
    private static func tokenRange(at mark: SourceMark, in bytes: [UInt8]) -> Range<Int>? {
        guard let start = offset(of: mark, in: bytes) else { return nil }
        if bytes[start] == UInt8(ascii: "\"") {
            var cursor = start + 1
            while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "\"") {
                cursor += bytes[cursor] == UInt8(ascii: "\\") ? 2 : 1
            }
            return cursor < bytes.count ? start..<(cursor + 1) : nil
        }
        var cursor = start
        while cursor < bytes.count, !Array(",]} \t\r\n".utf8).contains(bytes[cursor]) { cursor += 1 }
        return start < cursor ? start..<cursor : nil
    }
}
