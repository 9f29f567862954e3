/// One entry of a field's option list as FXForms offers it: the placeholder first when the
/// field has one, then each option.
///
/// The options without the placeholder:
///
/// ```swift
/// let choices: [OptionChoice] = form.options(for: "seats")
/// let offered = choices.filter { !$0.isPlaceholder }.map(\.title)  // ["Just me", "A team"]
/// ```
public struct OptionChoice: Hashable, Sendable {
    /// The position in the list (the placeholder, when there is one, is 0).
    public var index: Int
    /// The title shown.
    public var title: String
    /// The option's value; `nil` for the placeholder.
    public var value: FormValue?
    /// Whether the current value selects it (the placeholder: nothing is selected).
    package var isSelected: Bool
    /// `true` for the placeholder entry.
    public var isPlaceholder: Bool { value == nil }
}

extension Form {
    /// A field's option list (FXForms' `optionCount` / `optionDescriptionAtIndex:`): the
    /// placeholder first when there is one, then the options; empty for a field without
    /// options or a path that leads nowhere.
    ///
    /// ```swift
    /// let titles = form.options(for: "role").map(\.title)  // ["Choose a role", "Admin", "User"]
    /// ```
    public func options(for path: FormPath) -> [OptionChoice] {
        guard let field = try? field(at: path) else { return [] }
        if case .alternatives = field.shape {
            // A union's alternatives, the current one selected; the value is the position.
            let current = session.configs.alternative(of: field, for: session.values[path] ?? .null)
            return field.alternatives.indices.map { index in
                OptionChoice(
                    index: index, title: field.alternativeTitle(index), value: .int(Int64(index)),
                    isSelected: current == .chosen(index))
            }
        }
        guard !field.options.isEmpty else { return [] }
        let display = FieldDisplay(configs: configs, transformers: environment.transformers)
        let value = session.values[path] ?? .null
        let selected = Set(field.selectedOptionIndices(in: value))
        var list: [OptionChoice] = []
        if let placeholder = field.placeholder {
            list.append(OptionChoice(index: 0, title: placeholder, value: nil, isSelected: selected.isEmpty))
        }
        for (position, option) in field.options.enumerated() {
            list.append(
                OptionChoice(
                    index: list.count, title: display.title(ofOption: position, in: field), value: option.value,
                    isSelected: selected.contains(position)))
        }
        return list
    }

    /// Selects the entry at `index` of ``options(for:)`` (FXForms'
    /// `setOptionSelected:YES atIndex:`): an options field takes that option; a multi-select
    /// or bitfield adds it; the placeholder empties the value (`nil` for an optional, no
    /// choices for a multi-select or bitfield).
    public mutating func selectOption(at index: Int, for path: FormPath) throws(FormError) {
        try setOption(at: index, for: path, selected: true)
    }

    /// Removes the entry at `index` from a multi-select or bitfield (FXForms'
    /// `setOptionSelected:NO atIndex:`); for an options field, deselecting the chosen
    /// option empties it.
    public mutating func deselectOption(at index: Int, for path: FormPath) throws(FormError) {
        try setOption(at: index, for: path, selected: false)
    }

    private mutating func setOption(at index: Int, for path: FormPath, selected: Bool) throws(FormError) {
        let field = try session.editableField(at: path)
        if case .alternatives = field.shape {
            // Selecting a union's alternative chooses it; one is always chosen.
            if selected { try session.chooseAlternative(at: index, path: path) }
            pending = nil
            return
        }
        let list = options(for: path)
        guard list.indices.contains(index) else {
            throw FormError.invalidPath(path.description, "there is no option \(index) (\(list.count) in the list)")
        }
        let choice = list[index]
        let offset = field.placeholder == nil ? 0 : 1
        let current = session.values[path] ?? .null
        var chosen = field.selectedOptionIndices(in: current)
        if choice.isPlaceholder {
            chosen = []
        } else if field.type == .multiSelect || field.type == .bitfield {
            let position = index - offset
            chosen.removeAll { $0 == position }
            if selected { chosen.append(position) }
            chosen.sort()
        } else {
            let position = index - offset
            chosen = selected ? [position] : chosen.filter { $0 != position }
        }
        try session.setValue(Self.stored(chosen, in: field), at: path)
        pending = nil
    }

    /// The value that stores a set of chosen option positions, per ``Field/optionStorage``.
    static func stored(_ chosen: [Int], in field: Field) -> FormValue {
        switch field.optionStorage {
        case .bits:
            return .uint(chosen.reduce(0) { $0 | field.bit(ofOptionAt: $1) })
        case .index:
            let values = chosen.map { FormValue.int(Int64($0)) }
            if field.type == .multiSelect { return .list(values) }
            return values.first ?? .null
        case .value:
            let values = chosen.map { field.options[$0].value }
            if field.type == .multiSelect || field.valueType?.elementType != nil { return .list(values) }
            return values.first ?? .null
        }
    }
}
