/// Every bound ModelForm puts on input, in one place (README, "Limits"). Each keeps a
/// hostile or mistaken input from exhausting memory, the stack or the terminal: past a
/// limit the input is refused with an error that names where it came from.
///
/// ```swift
/// let depth = InputLimits.nameDepth  // 64: `a[b][0][c]` has 4 of them
/// ```
///
/// The limits on files:
///
/// ```swift
/// let limits = [
///     InputLimits.fileBytes,  // 16 MiB: any file read
///     InputLimits.yamlDepth,  // 128 levels of YAML nesting
///     InputLimits.yamlAliasExpansion,  // 100,000 nodes made by aliases
///     InputLimits.printedDiagnostics,  // 100 errors printed, then a count of the rest
/// ]
/// ```
public enum InputLimits {
    /// The largest file read (types, forms, values, cell layouts, themes): 16 MiB.
    public static var fileBytes: Int { 16 << 20 }
    /// The deepest nesting of YAML sequences and mappings: 128 levels. An edit whose
    /// values file would nest deeper is refused, so every file written can be read back.
    public static var yamlDepth: Int { 128 }
    /// The most nodes YAML aliases may expand to: 100,000 ("billion laughs" files).
    public static var yamlAliasExpansion: Int { 100_000 }
    /// The largest form submission body (urlencoded or multipart): 16 MiB.
    package static var bodyBytes: Int { 16 << 20 }
    /// The most components in a field name or path (`friends[0][name]` has 3): 64.
    public static var nameDepth: Int { 64 }
    /// The deepest nesting of sections (and blocks) in a cell or field layout's Mustache
    /// template: 100 levels (swift-mustache parses and draws them recursively).
    package static var templateNesting: Int { 100 }
    /// The most errors printed; a count of the rest follows: 100.
    public static var printedDiagnostics: Int { 100 }

    /// The line that follows the first `shown` of `total` errors, when some were left out.
    package static func omission(total: Int, shown: Int) -> String? {
        let omitted = total - shown
        guard omitted > 0 else { return nil }
        return "… and \(omitted) more error\(omitted == 1 ? "" : "s") (the first \(shown) are shown)"
    }
}

extension FormValue {
    /// How many records and lists are nested in the value (a scalar is 0, a record of
    /// scalars 1): the nesting its YAML file has.
    package var nestingDepth: Int {
        switch self {
        case .record(let record): 1 + (record.values.map(\.nestingDepth).max() ?? 0)
        case .list(let items): 1 + (items.map(\.nestingDepth).max() ?? 0)
        default: 0
        }
    }
}
