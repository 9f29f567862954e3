/// The address of a value in a form: `email`, `address.street`, `friends[2].name`.
///
/// ```swift
/// let path: FormPath = "friends[2].name"
/// path.components   // [.key("friends"), .index(2), .key("name")]
/// ```
public struct FormPath: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// One step of a path.
    public enum Component: Hashable, Sendable {
        /// A property.
        case key(String)
        /// A position in a list (0-based).
        case index(Int)
    }

    /// The steps from the root.
    public var components: [Component]

    /// A path from components.
    public init(_ components: [Component] = []) { self.components = components }

    /// Parses a dotted path; invalid text (`a..b`, `a[x]`) throws.
    public init(parsing text: String) throws(FormError) {
        var components: [Component] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            guard components.count < InputLimits.nameDepth else {
                throw FormError.invalidPath(text.excerpt(), "more than \(InputLimits.nameDepth) levels")
            }
            if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]"),
                    let index = Int(rest[rest.index(after: rest.startIndex)..<close]),
                    index >= 0
                else { throw FormError.invalidPath(text, "expected a non-negative index in brackets") }
                components.append(.index(index))
                rest = rest[rest.index(after: close)...]
                if rest.first == "." {
                    rest = rest.dropFirst()
                    if rest.isEmpty || rest.first == "[" {
                        throw FormError.invalidPath(text, "expected a name after '.'")
                    }
                }
                continue
            }
            let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
            let key = rest[..<end]
            guard !key.isEmpty else { throw FormError.invalidPath(text, "empty name") }
            components.append(.key(String(key)))
            rest = rest[end...]
            if rest.first == "." {
                rest = rest.dropFirst()
                if rest.isEmpty || rest.first == "[" { throw FormError.invalidPath(text, "expected a name after '.'") }
            }
        }
        self.components = components
    }

    /// A path from a literal; an invalid literal is a programmer error and traps.
    public init(stringLiteral value: String) {
        do { try self.init(parsing: value) } catch {
            preconditionFailure("invalid FormPath literal '\(value)': \(error)")
        }
    }

    /// The dotted text.
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// The path one step further.
    public func appending(_ component: Component) -> FormPath { FormPath(components + [component]) }

    /// The path one property further.
    public func appending(key: String) -> FormPath { appending(.key(key)) }

    /// The path to the containing value; the root has none.
    public var parent: FormPath? { components.isEmpty ? nil : FormPath(components.dropLast()) }

    /// The last step.
    public var last: Component? { components.last }

    /// `true` for the root path.
    public var isRoot: Bool { components.isEmpty }

    /// `true` when `self` is `other` or lies below it.
    public func hasPrefix(_ other: FormPath) -> Bool { components.starts(with: other.components) }

    /// Orders by text.
    public static func < (lhs: FormPath, rhs: FormPath) -> Bool { lhs.description < rhs.description }
}
