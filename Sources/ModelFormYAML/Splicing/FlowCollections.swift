import ModelForm

/// A YAML flow collection (`[main, dev]`, `{os: linux}`) that gains or loses members, written
/// again in its place in the spacing it had (`[a, b]`, `[a,b]`, `[ a, b ]`): every byte
/// around it stays. Only a collection on one line without comments is written so, of
/// scalars and such collections; else `nil` (``ValuesSplice`` reshapes one over several
/// lines member by member).
enum FlowCollections {
    /// `value` as a flow collection in the place of `old` (its bytes, brackets included).
    static func text(_ value: FormValue, replacing old: ArraySlice<UInt8>) -> String? {
        guard !old.contains(UInt8(ascii: "#")), !old.contains(0x0A), !old.contains(0x0D) else { return nil }
        let inner = old.dropFirst().dropLast()
        let padded = inner.first == 0x20 && inner.last == 0x20
        let separator = inner.contains(UInt8(ascii: ",")) && !containsCommaSpace(inner) ? "," : ", "
        return text(value, padded: padded, separator: separator)
    }

    private static func containsCommaSpace(_ bytes: ArraySlice<UInt8>) -> Bool {
        zip(bytes, bytes.dropFirst()).contains { $0 == UInt8(ascii: ",") && $1 == 0x20 }
    }

    /// `value` on one line as a flow collection holds it (a collection in these spacings).
    static func text(_ value: FormValue, padded: Bool, separator: String) -> String? {
        func wrapped(_ open: String, _ members: [String], _ close: String) -> String {
            members.isEmpty
                ? open + close
                : open + (padded ? " " : "") + members.joined(separator: separator)
                    + (padded ? " " : "") + close
        }
        switch value {
        case .list(let items):
            var members: [String] = []
            for item in items {
                guard let member = text(item, padded: padded, separator: separator) else { return nil }
                members.append(member)
            }
            return wrapped("[", members, "]")
        case .record(let record):
            var members: [String] = []
            for (key, item) in record.pairs {
                guard let name = scalar(.string(key)), let member = text(item, padded: padded, separator: separator)
                else { return nil }
                members.append(name + ": " + member)
            }
            return wrapped("{", members, "}")
        default:
            return scalar(value)
        }
    }

    /// A scalar as a flow collection holds it: plain where YAML reads it back as itself
    /// there, else double-quoted.
    static func scalar(_ value: FormValue) -> String? {
        guard let text = ValuesSplice.emittedLine(value) else { return nil }
        // Flow indicators end a plain scalar there.
        if text.contains(where: { ",[]{}#".contains($0) }) || text.contains(": ") || text.hasSuffix(":") {
            guard case .string(let string) = value else { return nil }
            return JSONValue.quote(string)
        }
        return text
    }
}
