import ModelForm

/// Edits of each scalar of a value tree, for checks that change values one at a time (the
/// splicer's corpus test and fuzz target).
///
/// ```swift
/// for (path, old) in ScalarEdits.scalars(values) { try values.set(ScalarEdits.other(than: old), at: path) }
/// ```
public enum ScalarEdits {
    /// The value with every record's keys in sorted order: two readings of the same values
    /// in another order (a TOML file writes a table's values before its tables) compare equal.
    public static func keysSorted(_ value: FormValue) -> FormValue { value.keysSorted }

    /// Every scalar leaf (text, number, yes/no) with its path, in the tree's order.
    public static func scalars(_ value: FormValue, at path: FormPath = FormPath()) -> [(FormPath, FormValue)] {
        switch value {
        case .record(let record):
            return record.pairs.flatMap { scalars($0.value, at: path.appending(.key($0.key))) }
        case .list(let items):
            return items.enumerated().flatMap { scalars($0.element, at: path.appending(.index($0.offset))) }
        case .string, .int, .uint, .bool, .double, .decimal: return path.isRoot ? [] : [(path, value)]
        case .null, .date, .data: return []
        }
    }

    /// A value of the same kind that differs.
    public static func other(than value: FormValue) -> FormValue {
        switch value {
        case .string(let text): .string(text + "x")
        case .int(let number): .int(number &+ 1)
        case .uint(let number): .uint(number &+ 1)
        case .bool(let flag): .bool(!flag)
        case .double(let number): .double(number + 1)
        default: .string("x")
        }
    }
}
