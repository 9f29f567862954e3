import ModelForm

/// A YAML node with its place in the source: a scalar, a sequence or a mapping (in source
/// order). Aliases are already expanded and merge keys (`<<`) applied.
public struct YAMLNode: Hashable, Sendable {
    /// What the node holds.
    public enum Kind: Hashable, Sendable {
        /// A scalar.
        case scalar(YAMLScalar)
        /// A sequence.
        case sequence([YAMLNode])
        /// A mapping, in source order.
        case mapping([YAMLPair])
    }

    /// What the node holds.
    public var kind: Kind
    /// Where it starts.
    public var mark: SourceMark

    /// A node.
    public init(_ kind: Kind, mark: SourceMark) {
        self.kind = kind
        self.mark = mark
    }

    /// The scalar, if this is one.
    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = kind { return scalar }
        return nil
    }

    /// The scalar's text, if this is a scalar.
    public var string: String? { scalar?.value }

    /// The items, if this is a sequence.
    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    /// The pairs, if this is a mapping.
    public var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = kind { return pairs }
        return nil
    }

    /// The value for a scalar key in a mapping.
    public subscript(key: String) -> YAMLNode? {
        mapping?.first { $0.key.string == key }?.value
    }

    /// `true` for a plain `null`, `~` or empty scalar.
    public var isNull: Bool {
        guard let scalar, scalar.style == .plain, scalar.tag == nil else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.value)
    }

    /// "a scalar", "a sequence" or "a mapping", for messages.
    package var kindName: String {
        switch kind {
        case .scalar: return isNull ? "null" : "a scalar"
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        }
    }
}

/// A scalar's text, how it was written, and its explicit tag.
public struct YAMLScalar: Hashable, Sendable {
    /// How a scalar was written.
    public enum Style: Hashable, Sendable {
        /// Unquoted.
        case plain
        /// `'...'`.
        case singleQuoted
        /// `"..."`.
        case doubleQuoted
        /// `|` block.
        case literal
        /// `>` block.
        case folded
    }

    /// The text.
    public var value: String
    /// How it was written.
    public var style: Style
    /// An explicit tag (`!!str`), if any.
    public var tag: String?

    /// A scalar.
    public init(_ value: String, style: Style = .plain, tag: String? = nil) {
        self.value = value
        self.style = style
        self.tag = tag
    }

    /// `true` when the text is to be read as a string whatever it looks like.
    public var isQuoted: Bool { style != .plain || tag == "tag:yaml.org,2002:str" }
}

/// A key and its value in a mapping.
public struct YAMLPair: Hashable, Sendable {
    /// The key.
    public var key: YAMLNode
    /// The value.
    public var value: YAMLNode

    /// A pair.
    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}
