/// A path as the segments of a URL (`/team/members/2`), the third of a path's text codecs
/// beside its dotted text (``FormPath/description``) and bracket names
/// (``URLEncodedForm/name(for:)``). A key that is not a plain name (digits among them) is
/// quoted as in a path's text, so that a segment of digits is always a position.
extension FormPath {
    /// The segments, not yet percent-encoded: a plain name as itself, another key quoted
    /// (`"2020"`, `"build:prod"`), a position as its digits.
    package var urlSegments: [String] {
        components.map { component in
            switch component {
            case .key(let key) where Self.isPlainName(key): key
            case .key(let key): Self.quoted(key)
            case .index(let index): String(index)
            }
        }
    }

    /// Reads percent-decoded segments back; `nil` when one is neither a plain name, a
    /// quoted key nor a position.
    package init?(urlSegments: [String]) {
        var components: [Component] = []
        components.reserveCapacity(urlSegments.count)
        for segment in urlSegments {
            if Self.isPlainName(segment) {
                components.append(.key(segment))
                continue
            }
            guard let path = try? FormPath(parsing: "[" + segment + "]"), path.components.count == 1 else {
                return nil
            }
            components.append(path.components[0])
        }
        self.init(components)
    }
}
