import ModelForm

/// Bounds that keep a hostile YAML file from exhausting memory or the stack.
public struct YAMLLimits: Hashable, Sendable {
    /// The largest input accepted, in bytes.
    public var maxBytes: Int
    /// The deepest nesting of sequences and mappings.
    public var maxDepth: Int
    /// The most nodes aliases may produce in all (a "billion laughs" file is refused).
    public var maxAliasExpansion: Int

    /// Limits; the defaults are ``/ModelForm/InputLimits``' (16 MiB, depth 128, 100,000 aliased nodes).
    public init(
        maxBytes: Int = InputLimits.fileBytes, maxDepth: Int = InputLimits.yamlDepth,
        maxAliasExpansion: Int = InputLimits.yamlAliasExpansion
    ) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxAliasExpansion = maxAliasExpansion
    }
}

extension YAMLLimits {
    /// Refuses a text larger than ``maxBytes``, with the error every reader gives at its
    /// first line.
    func checkSize(_ byteCount: Int, file: String) throws(DiagnosticList) {
        guard byteCount > maxBytes else { return }
        throw DiagnosticList([
            Diagnostic(
                "the file is \(byteCount) bytes, more than the limit of \(maxBytes)",
                at: SourceMark(file: file, line: 1, column: 1))
        ])
    }
}
