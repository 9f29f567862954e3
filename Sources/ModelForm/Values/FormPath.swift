/// The address of a value in a form: `email`, `address.street`, `friends[2].name`.
///
/// ```swift
/// let path: FormPath = "friends[2].name"
/// let components = path.components  // [.key("friends"), .index(2), .key("name")]
/// ```
///
/// A path's parts:
///
/// ```swift
/// let path: FormPath = "friends[2].name"
/// let owner = path.parent  // friends[2]
/// let inFriends = path.hasPrefix("friends")  // true
/// if case FormPath.Component.key(let key)? = path.last { print(key) }  // name
/// let root = FormPath().isRoot  // true
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

    /// Parses a path: keys joined by `.`, a position in brackets (`[2]`), and a key that is
    /// not a plain name in brackets and double quotes, escaped as in JSON
    /// (`scripts["build:prod"]`, `env["a \"quoted\" key"]`); invalid text (`a..b`, `a[x]`,
    /// an unclosed quote) throws.
    public init(parsing text: String) throws(FormError) {
        var reader = PathTextReader(text)
        components = try reader.components()
    }

    /// A path from a literal; an invalid literal is a programmer error and traps.
    public init(stringLiteral value: String) {
        do { try self.init(parsing: value) } catch {
            preconditionFailure("invalid FormPath literal '\(value)': \(error)")
        }
    }

    /// The text of the path: plain names joined by `.`, positions and other keys in
    /// brackets (`scripts["build:prod"].command`, `friends[2].name`); ``init(parsing:)``
    /// reads it back.
    public var description: String {
        var text = ""
        for component in components { Self.appendDescription(of: component, first: text.isEmpty, to: &text) }
        return text
    }

    /// Appends a component's part of a path's ``description`` to `text`; `first` when it
    /// begins the path (a plain name then has no `.` before it).
    package static func appendDescription(of component: Component, first: Bool, to text: inout String) {
        switch component {
        case .key(let key) where isPlainName(key):
            if !first { text += "." }
            text += key
        case .key(let key): text += "[" + quoted(key) + "]"
        case .index(let index): text += "[\(index)]"
        }
    }

    /// Whether a key is written as it is in a path: a letter, `_` or `$`, then letters,
    /// digits, `_`, `-` and `$` (every Swift property name; `build:prod`, `0`, `a.b` and the
    /// empty key are written quoted).
    package static func isPlainName(_ key: String) -> Bool {
        // ASCII keys (nearly all) by their bytes, without Unicode property lookups.
        var key = key
        if let ascii = key.withUTF8(isPlainASCIIName) { return ascii }
        guard let first = key.unicodeScalars.first, first.properties.isAlphabetic || first == "_" || first == "$"
        else { return false }
        return key.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
                || scalar == "$"
        }
    }

    /// Whether ASCII bytes are a plain name (as ``isPlainName(_:)``), by two bit tables; `nil`
    /// when a byte is past ASCII.
    private static func isPlainASCIIName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        // Bit n of the pair (low word: bytes 0-63, high word: 64-127) is set for the bytes a
        // name may hold: digits, `-` and `$` below 64; letters and `_` from 64 up.
        let nameLow: UInt64 = 0x3FF << 48 | 1 << 45 | 1 << 36
        let letters: UInt64 = 0x3FF_FFFF << 33 | 1 << 31 | 0x3FF_FFFF << 1
        let firstLow: UInt64 = 1 << 36
        guard let first = bytes.first else { return false }
        // Without a branch a byte: its bit read from the table of its half, the misses and
        // the high bits gathered, then looked at once.
        var misses: UInt64 = 0
        var high: UInt8 = 0
        for byte in bytes {
            high |= byte
            misses |= ~((byte < 64 ? nameLow : letters) >> (byte & 63))
        }
        if high >= 0x80 { return nil }
        let firstBit = (first < 64 ? firstLow : letters) >> (first & 63)
        return misses & 1 == 0 && firstBit & 1 == 1
    }

    /// A key in double quotes, escaped as a JSON string (`"`, `\`; control and format
    /// characters, bidi overrides among them, as `\u` escapes, so a path is safe to print).
    package static func quoted(_ key: String) -> String {
        JSONStringLiteral.quote(key) { scalar in
            UnicodeClass.isControl(scalar) || scalar.properties.generalCategory == .format
                || scalar.value == 0x2028 || scalar.value == 0x2029
        }
    }

    /// The path one step further.
    public func appending(_ component: Component) -> FormPath {
        // One array made at its size (`components + [component]` made two, and grew one:
        // 0.7 M instructions of a 1,000-field render).
        var steps: [Component] = []
        steps.reserveCapacity(components.count + 1)
        steps.append(contentsOf: components)
        steps.append(component)
        return FormPath(steps)
    }

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
