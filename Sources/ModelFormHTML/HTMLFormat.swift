import ModelForm

/// HTML: user text is escaped for both text and attribute contexts; cells write into an
/// ``HTMLWriter``.
public enum HTMLFormat: OutputFormat {
    public typealias Writer = HTMLWriter
    public static let name = "html"
    public static func escape(_ text: String) -> String { HTMLEscaping.html(text) }

    /// `markup.attributes` for cell layout templates: the control's `id`, `name`,
    /// `required`, `readonly` and ARIA attributes, as the built-in controls write them.
    public static func templateMarkup(for context: CellContext) -> [String: String] {
        var w = HTMLWriter(capacity: 160)
        w.commonAttributes(context, readOnlyAttribute: "disabled")
        let attributes = w.html
        return ["attributes": attributes.hasPrefix(" ") ? String(attributes.dropFirst()) : attributes]
    }
}

/// Element ids: the HTML module owns them.
public enum HTMLIDs {
    /// A document-unique id for a path: `f-address-street`, `f-friends-0-name`; a button's
    /// from its action: `f-save`.
    public static func id(for path: FormPath, field: Field? = nil) -> String {
        if path.isRoot {
            let action = field?.action ?? "form"
            // Most actions are ASCII letters and digits already: no walk by characters.
            if action.utf8.allSatisfy({ isIDByte($0) && $0 != UInt8(ascii: "_") }) { return "f-" + action }
            return "f-" + action.map { $0.isLetter || $0.isNumber ? $0 : "-" }.map(String.init).joined()
        }
        let components = path.components
        var length = 1
        for component in components {
            switch component {
            case .key(let key):
                guard key.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(isIDByte) }) == true else {
                    return slowID(for: components)
                }
                length += 1 + key.utf8.count
            case .index(let index):
                guard index >= 0 else { return slowID(for: components) }
                length += 1 + decimalDigits(index)
            }
        }
        // Every byte is known: write them into the string once (the renderer asks for an id
        // for every field).
        return String(unsafeUninitializedCapacity: length) { buffer in
            var end = 0
            buffer[end] = UInt8(ascii: "f")
            end += 1
            for component in components {
                buffer[end] = UInt8(ascii: "-")
                end += 1
                switch component {
                case .key(let key):
                    // Contiguous: checked above.
                    key.utf8.withContiguousStorageIfAvailable { bytes in
                        for byte in bytes {
                            buffer[end] = byte
                            end += 1
                        }
                    }
                case .index(var index):
                    let digits = decimalDigits(index)
                    for position in stride(from: end + digits - 1, through: end, by: -1) {
                        buffer[position] = UInt8(ascii: "0") + UInt8(index % 10)
                        index /= 10
                    }
                    end += digits
                }
            }
            return end
        }
    }

    /// Letters, digits and `_` stand in ids as they are.
    /// (One shift and mask a byte: the ranges compared in turn took 106 of an id's 383
    /// instructions.)
    private static func isIDByte(_ byte: UInt8) -> Bool {
        // Bit n of the first word: byte n (digits); of the second: byte 64 + n (`A`-`Z`, `_`, `a`-`z`).
        let digits: UInt64 = 0x03FF_0000_0000_0000
        let letters: UInt64 = 0x07FF_FFFE_87FF_FFFE
        return byte < 64 ? digits >> byte & 1 == 1 : byte < 128 && letters >> (byte &- 64) & 1 == 1
    }

    /// The 32-bit FNV-1a hash of a key's UTF-8: stable across runs (ids are in goldens).
    private static func fnv1a(_ key: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in key.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }

    private static func decimalDigits(_ value: Int) -> Int {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }

    /// Ids of keys with other characters: letters and numbers of any script stay, the rest
    /// becomes `-` and the key's hash follows.
    private static func slowID(for components: [FormPath.Component]) -> String {
        var id = "f"
        for component in components {
            id += "-"
            switch component {
            case .key(let key):
                var replaced = key.isEmpty
                for character in key {
                    let kept = character.isLetter || character.isNumber || character == "_"
                    id.append(kept ? character : "-")
                    replaced = replaced || !kept
                }
                // `a:b` and `a-b` (map keys) must not share an id: a replaced key adds its hash.
                if replaced { id += "-" + String(fnv1a(key), radix: 36) }
            case .index(let index): id += String(index)
            }
        }
        return id
    }
}

extension CellContext {
    /// The id of the element holding the help text, for `aria-describedby`.
    public var helpID: String { inputID + "-help" }
    /// The id of the element holding the errors, for `aria-describedby`.
    public var errorID: String { inputID + "-error" }
    /// The id of the `<datalist>` of a text field's ``/ModelForm/Field/suggestions``.
    public var suggestionsID: String { inputID + "-suggestions" }

    /// The context with its HTML id set (the renderer does this for every field): a union's
    /// choice has an id of its own, `.choice` after the union's (an untagged alternative's
    /// input has the union's path; no path's id has a dot), which the error summary links to.
    func identified() -> CellContext {
        guard inputID.isEmpty else { return self }
        var context = self
        let field = self.field
        context.inputID = HTMLIDs.id(for: path, field: field)
        if field.type == .alternatives, case .alternatives = field.shape { context.inputID += ".choice" }
        return context
    }
}
