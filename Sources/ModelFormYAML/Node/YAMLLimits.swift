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
