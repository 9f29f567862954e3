/// One value that differs from the original.
public struct FormChange: Hashable, Sendable {
    /// Where.
    public var path: FormPath
    /// The original value (`nil` when the original had none there).
    public var old: FormValue?
    /// The current value.
    public var new: FormValue

    /// A change.
    package init(path: FormPath, old: FormValue?, new: FormValue) {
        self.path = path
        self.old = old
        self.new = new
    }

    /// The changes between two value trees, leaf by leaf in record order. A list whose
    /// length changed is one change at the list's path; same-length lists are compared item
    /// by item.
    package static func between(_ old: FormValue, _ new: FormValue, at path: FormPath = FormPath()) -> [FormChange] {
        between(old, new, at: path) { _, _ in false }
    }

    /// ``between(_:_:at:)``, except that a list for which `wholeList` (its path, its old
    /// value) says so is one change, even with as many items on both sides.
    package static func between(
        _ old: FormValue, _ new: FormValue, at path: FormPath = FormPath(),
        wholeList: (FormPath, FormValue) -> Bool
    ) -> [FormChange] {
        guard old != new else { return [] }
        switch (old, new) {
        case (.record(let before), .record(let after)):
            var changes: [FormChange] = []
            for (key, value) in after.pairs {
                let childPath = path.appending(key: key)
                if let previous = before[key] {
                    changes += between(previous, value, at: childPath, wholeList: wholeList)
                } else {
                    changes.append(FormChange(path: childPath, old: nil, new: value))
                }
            }
            return changes
        case (.list(let before), .list(let after)) where before.count == after.count && !wholeList(path, old):
            return zip(before, after).enumerated().flatMap { index, pair in
                between(pair.0, pair.1, at: path.appending(.index(index)), wholeList: wholeList)
            }
        default:
            return [FormChange(path: path, old: old, new: new)]
        }
    }
}
