extension Field {
    /// The bit an option of a bitfield stands for: its numeric value, else `1 << index`
    /// (FXForms' rule for options without explicit bits).
    package func bit(ofOptionAt index: Int) -> UInt64 {
        switch options[index].value {
        case .uint(let bits): return bits
        case .int(let bits) where bits >= 0: return UInt64(bits)
        default: return index < 64 ? 1 << UInt64(index) : 0
        }
    }

    /// The indices of the options a value selects, following ``optionStorage``: equal
    /// values, stored indices, or set bits; a list selects each of its items.
    package func selectedOptionIndices(in value: FormValue) -> [Int] {
        // Read once: each read of `options` is a read of the shared settings.
        let options = options
        switch (optionStorage, value) {
        case (.bits, _):
            guard
                let bits = value.intValue.map(UInt64.init(bitPattern:))
                    ?? { if case .uint(let b) = value { return b } else { return nil } }()
            else { return [] }
            return options.indices.filter { bit(ofOptionAt: $0) & bits != 0 }
        case (_, .list(let items)):
            return items.flatMap { selectedOptionIndices(in: $0) }
        case (.index, _):
            guard let index = value.intValue.map(Int.init), options.indices.contains(index) else { return [] }
            return [index]
        case (.value, _):
            return options.indices.filter { options[$0].value == value }
        }
    }
}

extension Field {
    /// How a choice is stored, following FXForms: bits for a bitfield; the index when the
    /// property is numeric but the options are not numbers; otherwise the option's value.
    public var optionStorage: OptionStorage {
        if type == .bitfield { return .bits }
        // Without options there is no index to store.
        guard hasOptions else { return .value }
        guard valueType?.holdsNumbers == true else { return .value }
        return options.allSatisfy({ $0.value.isNumeric }) ? .value : .index
    }
}
