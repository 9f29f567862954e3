import ModelForm

extension ValuesFileFormat {
    /// `presentable` (the values as written, an absent optional left out) with each `null`
    /// put back that the file already wrote where the values still hold it: a key written
    /// with no value means something of its own to the file's readers (pubspec's
    /// `platforms: {android: }`, a JSON Schema property of type `null`), which the values,
    /// where absent and `null` are one, cannot tell from a value left out. Only a `null` the
    /// file has stays; one the values gained is left out as ever.
    func keepingWrittenNulls(_ presentable: FormValue, values: FormValue, original: String, syntax: ValuesSyntax)
        -> FormValue
    {
        guard omitsAbsentValues, let written = try? read(text: original, file: syntax.fileName) else {
            return presentable
        }
        let unwrap = { (value: FormValue) in wrapsValue ? value["value"] ?? .null : value }
        return Self.restoringNulls(presentable, values: unwrap(values), written: unwrap(written))
    }

    /// `presentable` with, in each record, the keys that `values` and `written` both hold
    /// as `null` put back in `values`' order.
    private static func restoringNulls(_ presentable: FormValue, values: FormValue, written: FormValue) -> FormValue {
        switch (presentable, values, written) {
        // A record the presentation gave keys of its own (a map's entries spread into it) is
        // left as it is.
        case (.record(let shown), .record(let given), .record(let file))
        where shown.keys.allSatisfy({ given[$0] != nil }):
            var restored: [(String, FormValue)] = []
            var changed = false
            for (key, value) in given.pairs {
                if let kept = shown[key] {
                    let inner = file[key].map { restoringNulls(kept, values: value, written: $0) } ?? kept
                    changed = changed || inner != kept
                    restored.append((key, inner))
                } else if value == .null, file.keys.contains(key), file[key] == .null {
                    restored.append((key, .null))
                    changed = true
                }
            }
            return changed ? .record(FormRecord(restored)) : presentable
        case (.list(let shown), .list(let given), .list(let file)) where shown.count == given.count:
            let items = shown.indices.map { index in
                index < file.count
                    ? restoringNulls(shown[index], values: given[index], written: file[index]) : shown[index]
            }
            return .list(items)
        default:
            return presentable
        }
    }
}
