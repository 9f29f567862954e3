import ModelForm

extension EditorState {
    /// A field's options to choose from, filtered by what is typed: one of them for an
    /// options field (Enter chooses), any of them for a multi-select or a bitfield (Space
    /// toggles the highlighted one, Enter or Escape closes).
    public struct Picker: Hashable, Sendable {
        /// One option: its position in ``/ModelForm/Form/options(for:)``, its title, and whether the
        /// value holds it.
        public struct Choice: Hashable, Sendable {
            public var index: Int
            public var title: String
            public var isSelected: Bool
        }

        /// Every option.
        public var choices: [Choice]
        /// `true` for a multi-select or bitfield.
        public var allowsMany: Bool
        /// What has been typed.
        public var filter = ""
        /// The highlighted choice among the matching ones.
        public var selection = 0

        /// The choices whose titles contain the filter (ignoring case).
        public var matching: [Choice] {
            guard !filter.isEmpty else { return choices }
            let filter = filter.lowercased()
            return choices.filter { $0.title.lowercased().contains(filter) }
        }
    }

    mutating func openPicker(for path: FormPath, field: Field) {
        let allowsMany = field.type == .multiSelect || field.type == .bitfield
        var picker = Picker(choices: [], allowsMany: allowsMany)
        picker.choices = choices(for: path, allowsMany: allowsMany)
        picker.selection = picker.choices.firstIndex { $0.isSelected } ?? 0
        mode = .picking(picker)
    }

    private func choices(for path: FormPath, allowsMany: Bool) -> [Picker.Choice] {
        form.options(for: path).compactMap { option in
            // A multi-select is emptied by toggling, not by its placeholder.
            allowsMany && option.isPlaceholder
                ? nil : Picker.Choice(index: option.index, title: option.title, isSelected: option.isSelected)
        }
    }

    mutating func handlePicker(_ key: Key, _ picker: Picker) {
        var picker = picker
        guard let path = focusedPath else {
            mode = .navigating
            return
        }
        let matching = picker.matching
        switch key {
        case .escape:
            mode = .navigating
            return
        case .enter where picker.allowsMany:
            mode = .navigating
            return
        case .enter:
            mode = .navigating
            if matching.indices.contains(picker.selection) {
                choose(matching[picker.selection], selected: true, at: path)
            }
            // A union's record alternative: its fields on a page of their own.
            if focusedField?.shape == .alternatives, EditorPage.chosenRecord(at: path, in: form) != nil {
                trail.append(path)
                focus = 0
                refresh(keeping: nil)
            }
            return
        case .space where picker.allowsMany:
            if matching.indices.contains(picker.selection) {
                let choice = matching[picker.selection]
                choose(choice, selected: !choice.isSelected, at: path)
                picker.choices = choices(for: path, allowsMany: true)
            }
        case .up: picker.selection = max(0, picker.selection - 1)
        case .down: picker.selection = min(max(0, matching.count - 1), picker.selection + 1)
        case .home: picker.selection = 0
        case .end: picker.selection = max(0, matching.count - 1)
        case .backspace:
            if !picker.filter.isEmpty { picker.filter.removeLast() }
            picker.selection = 0
        case .character(let character):
            picker.filter.append(character)
            picker.selection = 0
        case .space:
            picker.filter.append(" ")
            picker.selection = 0
        default: break
        }
        mode = .picking(picker)
    }

    private mutating func choose(_ choice: Picker.Choice, selected: Bool, at path: FormPath) {
        do {
            if selected {
                try form.selectOption(at: choice.index, for: path)
            } else {
                try form.deselectOption(at: choice.index, for: path)
            }
            message = nil
        } catch {
            message = "\(fieldTitle(path)): \(error.fieldErrors.first?.message ?? "\(error)")"
        }
        refresh(keeping: path)
    }
}
