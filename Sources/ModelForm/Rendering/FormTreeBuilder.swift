/// Builds ``FormNode`` trees from configs and values.
///
/// A to-one subform is drawn inline when its field says `inline` (or, always, when
/// `inlineSubforms` is set); otherwise it is a row with a link from `link`. Collection
/// items are always drawn, numbered. `rawInput` (a refused submission's texts by path)
/// replaces the input values of those fields, so the user sees what they typed.
public struct FormTreeBuilder: Sendable {
    /// The forms.
    public var configs: ConfigDictionary
    /// Display helper (transformers).
    package var display: FieldDisplay
    /// The theme passed to cells.
    public var theme: Theme
    /// Draw every subform inline, whatever its `inline` key says.
    public var inlineSubforms: Bool
    /// Make every relationship a link instead (exports: each entity gets its own page):
    /// to-one subforms and to-many items link through `link`, whatever `inline` says.
    package var navigableRelationships = false
    /// The link of a navigable subform: its type and the path of its value.
    public var link: (@Sendable (_ typeName: String, _ path: FormPath) -> String?)?
    /// What the user typed in a refused submission, by path.
    package var rawInput: [FormPath: String] = [:]

    /// A builder.
    public init(
        configs: ConfigDictionary, transformers: ValueTransformers = ValueTransformers(), theme: Theme = .default,
        inlineSubforms: Bool = false, link: (@Sendable (_ typeName: String, _ path: FormPath) -> String?)? = nil
    ) {
        self.configs = configs
        self.display = FieldDisplay(configs: configs, transformers: transformers)
        self.theme = theme
        self.inlineSubforms = inlineSubforms
        self.link = link
    }

    /// The tree for `values` of `typeName`, with `errors` under their fields.
    public func build(typeName: String, values: FormValue, errors: [FieldError] = []) -> FormNode {
        var byPath: [FormPath: [String]] = [:]
        for error in errors { byPath[error.path, default: []].append(error.message) }
        var node = form(typeName: typeName, values: values, path: FormPath(), errors: byPath)
        guard !errors.isEmpty else { return node }
        node.errorCount = errors.count
        var shown: Set<FormPath> = []
        node.walk { element, _ in
            if case .row(let row) = element, !row.context.field.isVirtual { shown.insert(row.context.path) }
        }
        node.formErrors = errors.filter { !shown.contains($0.path) }.map(\.description)
        return node
    }

    /// The tree of the entity at `path` (its rows' paths start there): the page of a related
    /// entity, for front ends that open relationships one at a time.
    package func build(typeName: String, values: FormValue, at path: FormPath, errors: [FieldError] = []) -> FormNode {
        var byPath: [FormPath: [String]] = [:]
        for error in errors where error.path.hasPrefix(path) { byPath[error.path, default: []].append(error.message) }
        return form(typeName: typeName, values: values, path: path, errors: byPath)
    }

    private func form(typeName: String, values: FormValue, path: FormPath, errors: [FormPath: [String]]) -> FormNode {
        let config = configs[typeName] ?? FormConfig(typeName: typeName, fields: [])
        let record: FormRecord = {
            if case .record(let record) = values { return record } else { return FormRecord() }
        }()
        var position = 0
        let sections = configs.sections(of: typeName).compactMap { section -> SectionNode? in
            var rows: [RowNode] = []
            rows.reserveCapacity(section.fields.count)
            for var field in section.fields {
                if field.hasConditions {
                    let state = field.conditions.state(in: values)
                    guard state.isVisible else { continue }
                    if !state.isEnabled { field.readOnly = true }
                    if state.isConditionallyRequired { field.rules = field.rules(in: state) }
                }
                guard let key = field.key else {
                    rows.append(row(field, value: .null, path: path, errors: errors))
                    continue
                }
                let value = record.value(forKey: key, near: &position) ?? .null
                rows.append(row(field, value: value, path: path.appending(key: key), errors: errors))
            }
            // A section whose every field is hidden is not drawn.
            guard !rows.isEmpty || section.fields.isEmpty else { return nil }
            return SectionNode(header: section.header, footer: section.footer, rows: rows)
        }
        let actions = config.actions.filter { $0.conditions.visibleIf?.evaluate(in: values) ?? true }
        var node = FormNode(
            typeName: typeName, title: config.title, path: path, sections: sections, actions: actions, formErrors: [])
        node.hasConditionalFields =
            configs.ruleDependents(of: typeName).isEmpty == false || config.actions.contains(where: \.hasConditions)
        for section in sections {
            for row in section.rows { node.gather(from: row) }
        }
        return node
    }

    private func row(_ field: Field, value: FormValue, path: FormPath, errors: [FormPath: [String]]) -> RowNode {
        var context = self.context(field, value: value, path: path, errors: field.isVirtual ? [:] : errors)
        switch (field.shape, value) {
        case (.single, _):
            return RowNode(context: context, content: field.type == .collection ? .collection([]) : .field)
        case (.items, .list(let items)):
            guard let template = field.template else { return RowNode(context: context, content: .collection([])) }
            let nodes = items.indices.map { index in
                let itemContext = self.context(
                    template, value: items[index], path: path.appending(.index(index)), errors: errors)
                return ItemNode(index: index, summary: itemContext.display, content: .cell(itemContext))
            }
            return RowNode(context: context, content: .collection(nodes))
        case (.records(let target), .list(let items)):
            return RowNode(context: context, content: .collection(records(items, of: target, at: path, errors: errors)))
        case (.items, _), (.records, _):
            return RowNode(context: context, content: .collection([]))
        case (.record(let target), .record):
            if (field.inline || inlineSubforms) && !navigableRelationships {
                return RowNode(
                    context: context,
                    content: .subform(form(typeName: target, values: value, path: path, errors: errors)))
            }
            context.link = link?(target, path)
            return RowNode(context: context)
        case (.record, _):
            return RowNode(context: context)
        }
    }

    /// The items of a to-many relationship: a form each, or a link to each one's page.
    private func records(_ items: [FormValue], of target: String, at path: FormPath, errors: [FormPath: [String]])
        -> [ItemNode]
    {
        let itemField = Field(key: nil, type: .subform, relationship: Relationship(target: target, cardinality: .toOne))
        return items.indices.map { index -> ItemNode in
            let itemPath = path.appending(.index(index))
            let summary = display.summary(items[index], field: itemField)
            if navigableRelationships, let link = link?(target, itemPath) {
                return ItemNode(index: index, summary: summary, content: .link(link))
            }
            return ItemNode(
                index: index, summary: summary,
                content: .form(form(typeName: target, values: items[index], path: itemPath, errors: errors)))
        }
    }

    /// The cell context of one field.
    package func context(_ field: Field, value: FormValue, path: FormPath, errors: [FormPath: [String]] = [:])
        -> CellContext
    {
        var (shown, input, choices) = display.presentation(value, for: field)
        let raw = rawInput.isEmpty ? nil : rawInput[path]
        if let raw {
            input = raw
            if field.type != .password { shown = raw }
            if !choices.isEmpty {
                choices = choices.map {
                    var c = $0
                    c.selected = c.value == raw
                    return c
                }
            }
        }
        var context = CellContext(
            field: field, path: path, value: value, display: shown, inputValue: input,
            choices: choices, errors: errors.isEmpty ? [] : errors[path] ?? [],
            isRequired: field.isRequired, inputName: URLEncodedForm.name(for: path), theme: theme)
        context.isRawInput = raw != nil
        return context
    }

}

extension FormNode {
    /// Takes in what a row draws (its own and its children's flags, already gathered as
    /// they were built): no second pass over the tree.
    fileprivate mutating func gather(from row: RowNode) {
        let field = row.context.field
        if Self.drawsFileInput(field) { hasEditableImage = true }
        switch row.content {
        case .field: break
        case .subform(let form): gather(from: form)
        case .collection(let items):
            if !field.readOnly { hasEditableCollection = true }
            for item in items {
                switch item.content {
                case .form(let form): gather(from: form)
                case .cell(let context): if Self.drawsFileInput(context.field) { hasEditableImage = true }
                case .link: break
                }
            }
        }
    }

    /// An editable image field: a file input.
    private static func drawsFileInput(_ field: Field) -> Bool { !field.readOnly && field.type == .image }

    private mutating func gather(from form: FormNode) {
        hasEditableImage = hasEditableImage || form.hasEditableImage
        hasEditableCollection = hasEditableCollection || form.hasEditableCollection
    }
}
