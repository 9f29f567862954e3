/// Builds ``FormNode`` trees from configs and values.
///
/// A to-one subform is drawn inline when its field says `inline` (or, always, when
/// `inlineSubforms` is set); otherwise it is a row with a link from `link`. Collection
/// items are always drawn, numbered. `rawInput` (a refused submission's texts by path)
/// replaces the input values of those fields, so the user sees what they typed.
package struct FormTreeBuilder: Sendable {
    /// The forms.
    package var configs: ConfigDictionary
    /// Display helper (transformers).
    package var display: FieldDisplay
    /// The theme passed to cells.
    package var theme: Theme {
        get { themeBox?.value ?? .default }
        set { themeBox = CellContext.box(newValue) }
    }
    /// The theme as every row's context shares it (`nil`: the default).
    private var themeBox: SharedValue<Theme>?
    /// Draw every subform inline, whatever its `inline` key says.
    package var inlineSubforms: Bool
    /// Make every relationship a link instead (exports: each entity gets its own page):
    /// to-one subforms and to-many items link through `link`, whatever `inline` says.
    package var navigableRelationships = false
    /// The link of a navigable subform: its type and the path of its value.
    package var link: (@Sendable (_ typeName: String, _ path: FormPath) -> String?)?
    /// What the user typed in a refused submission, by path.
    package var rawInput: [FormPath: String] = [:]

    /// A builder.
    package init(
        configs: ConfigDictionary, transformers: ValueTransformers = ValueTransformers(), theme: Theme = .default,
        inlineSubforms: Bool = false, link: (@Sendable (_ typeName: String, _ path: FormPath) -> String?)? = nil
    ) {
        self.configs = configs
        self.display = FieldDisplay(configs: configs, transformers: transformers)
        self.themeBox = CellContext.box(theme)
        self.inlineSubforms = inlineSubforms
        self.link = link
    }

    /// The tree for `values` of `typeName`, with `errors` under their fields.
    package func build(typeName: String, values: FormValue, errors: [FieldError] = []) -> FormNode {
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
        var inputs = DrawnInputs()
        // A page's own form: its rows' paths and names are made once per dictionary state.
        let addresses = path.isRoot ? configs.rootAddresses(of: typeName) : []
        let sections = configs.sections(of: typeName).enumerated().compactMap { number, section -> SectionNode? in
            var maker = RowMaker(
                fields: section.fields, values: values, path: path, errors: errors,
                addresses: number < addresses.count && addresses[number].count == section.fields.count
                    ? addresses[number] : nil)
            var rows: [RowNode] = []
            rows.reserveCapacity(section.fields.count)
            while let row = maker.next(of: self, inputs: &inputs) { rows.append(row) }
            // A section whose every field is hidden is not drawn.
            guard !rows.isEmpty || section.fields.isEmpty else { return nil }
            return SectionNode(header: section.header, footer: section.footer, rows: rows)
        }
        return node(typeName: typeName, values: values, path: path, sections: sections, inputs: inputs)
    }

    /// A form of `sections`: its actions that are visible, and what its rows draw.
    func node(typeName: String, values: FormValue, path: FormPath, sections: [SectionNode], inputs: DrawnInputs)
        -> FormNode
    {
        let config = configs[typeName] ?? FormConfig(typeName: typeName, fields: [])
        let actions = config.actions.filter { $0.conditions.visibleIf?.evaluate(in: values) ?? true }
        var node = FormNode(
            typeName: typeName, title: config.title, path: path, sections: sections, actions: actions, formErrors: [])
        node.hasConditionalFields =
            configs.ruleDependents(of: typeName).isEmpty == false || config.actions.contains(where: \.hasConditions)
        node.hasEditableImage = inputs.image
        node.hasEditableCollection = inputs.collection
        return node
    }

    /// A field's row; what it draws that changes its page's form element (a file input, a
    /// collection's buttons) goes into `inputs`, so that no second pass over the tree is needed.
    ///
    /// The field, value and path are taken (`consuming`): a plain row moves them into its
    /// context, where each was copied (a retain and a release) on the way down.
    func row(
        _ field: consuming Field, value: consuming FormValue, path: consuming FormPath,
        inputName: String? = nil, errors: [FormPath: [String]], inputs: inout DrawnInputs
    ) -> RowNode {
        let shape = field.shape
        guard case .single = shape else {
            return shapedRow(field, shape: shape, value: value, path: path, errors: errors, inputs: &inputs)
        }
        let rowErrors = field.isVirtual ? [:] : errors
        inputs.note(field)
        let isCollection = field.type == .collection
        if isCollection { inputs.noteCollection(field) }
        let context = self.context(field, value: value, path: path, inputName: inputName, errors: rowErrors)
        return RowNode(context: context, content: isCollection ? .collection([]) : .field)
    }

    /// The row of a field whose value has a shape of its own (a list, a map, a record...).
    private func shapedRow(
        _ field: Field, shape: FieldShape, value: FormValue, path: FormPath, errors: [FormPath: [String]],
        inputs: inout DrawnInputs
    ) -> RowNode {
        var context = self.context(field, value: value, path: path, errors: field.isVirtual ? [:] : errors)
        inputs.note(field)
        switch (shape, value) {
        case (.items, .list(let items)):
            inputs.noteCollection(field)
            guard let template = field.template else { return RowNode(context: context, content: .collection([])) }
            if template.shape == .items || template.shape == .entries || template.shape == .alternatives {
                // A list of lists (or of maps, of unions): each item a form of one row, the inner value.
                let nodes = nestedItems(items, template: template, of: field, at: path, errors: errors, inputs: &inputs)
                return RowNode(context: context, content: .collection(nodes))
            }
            let nodes = items.indices.map { index in
                let itemContext = self.context(
                    template, value: items[index], path: path.appending(.index(index)), errors: errors)
                return ItemNode(index: index, summary: itemContext.display, content: .cell(itemContext))
            }
            if !items.isEmpty { inputs.note(template) }
            return RowNode(context: context, content: .collection(nodes))
        case (.records(let target), .list(let items)):
            inputs.noteCollection(field)
            let nodes = records(items, of: target, at: path, errors: errors, inputs: &inputs)
            return RowNode(context: context, content: .collection(nodes))
        case (.items, _), (.records, _):
            inputs.noteCollection(field)
            return RowNode(context: context, content: .collection([]))
        case (.positions, _):
            // A tuple: a fixed row of fields drawn in place, one per position (and per item
            // after them), each at its index.
            inputs.noteCollection(field)
            let form = positions(of: field, value: value, at: path, errors: errors, inputs: &inputs)
            return RowNode(context: context, content: .subform(form))
        case (.entries, .record(let entries)):
            inputs.noteCollection(field)
            var rows: [RowNode] = []
            rows.reserveCapacity(entries.count)
            for (index, key) in entries.keys.enumerated() {
                guard var entry = field.entryField(key) else { continue }
                if field.readOnly { entry.readOnly = true }
                rows.append(
                    row(
                        entry, value: entries.value(at: index), path: path.appending(key: key), errors: errors,
                        inputs: &inputs))
            }
            return RowNode(context: context, content: .entries(rows))
        case (.entries, _):
            inputs.noteCollection(field)
            return RowNode(context: context, content: .entries([]))
        case (.record(let target), .record):
            if (field.inline || inlineSubforms) && !navigableRelationships {
                let form = form(typeName: target, values: value, path: path, errors: errors)
                inputs.take(form)
                return RowNode(context: context, content: .subform(form))
            }
            context.link = link?(target, path)
            return RowNode(context: context)
        case (.record, _), (.single, _):  // A single value's row is made by `row`.
            return RowNode(context: context)
        case (.alternatives, _):
            // The chosen alternative below the choice: a tagged one's payload under its tag.
            // An editable union draws a button (its Switch): the form's default button first.
            inputs.noteCollection(field)
            guard case .chosen(let index) = configs.alternative(of: field, for: value),
                let alternative = field.alternativeField(index)
            else { return RowNode(context: context, content: .alternative(nil)) }
            // Every record inside an alternative is drawn in place: it has no page of its own.
            var inside = self
            inside.inlineSubforms = true
            guard let tag = field.alternatives[index].key else {
                // An untagged alternative sits at the union's path: its errors are the union's row's.
                var below = errors
                below[path] = nil
                let chosen = inside.row(alternative, value: value, path: path, errors: below, inputs: &inputs)
                return RowNode(context: context, content: .alternative(chosen))
            }
            let payload = value[FormPath([.key(tag)])] ?? .null
            let chosen = inside.row(
                alternative, value: payload, path: path.appending(key: tag), errors: errors, inputs: &inputs)
            return RowNode(context: context, content: .alternative(chosen))
        }
    }

    /// The items of a list whose items are lists or maps: each a form of one row, the
    /// inner list or map, titled as the item (`Stage 2`).
    private func nestedItems(
        _ items: [FormValue], template: Field, of field: Field, at path: FormPath, errors: [FormPath: [String]],
        inputs: inout DrawnInputs
    ) -> [ItemNode] {
        items.indices.map { index -> ItemNode in
            let itemPath = path.appending(.index(index))
            var inner = template
            inner.title = ItemTitles.numbered(field.title, index: index)
            if field.readOnly { inner.readOnly = true }
            let row = row(inner, value: items[index], path: itemPath, errors: errors, inputs: &inputs)
            let form = FormNode(
                typeName: field.key ?? "", title: inner.title, path: itemPath, sections: [SectionNode(rows: [row])],
                actions: [], formErrors: [])
            inputs.take(form)
            // The inner values in one line (`mix, knead`), as a list of scalars reads.
            let summary: String
            if case .list(let inner) = items[index], !inner.isEmpty {
                summary = inner.map(\.plainText).joined(separator: ", ").excerpt(80)
            } else {
                summary = row.context.display
            }
            return ItemNode(index: index, summary: summary, content: .form(form))
        }
    }

    /// A tuple's rows: each position's field (keyed by its index, so that its errors show),
    /// then each item after the positions; an item past positions where nothing may follow
    /// is shown as free JSON, read-only (the validation says why).
    private func positions(
        of field: Field, value: FormValue, at path: FormPath, errors: [FormPath: [String]], inputs: inout DrawnInputs
    ) -> FormNode {
        let items: [FormValue]
        if case .list(let list) = value { items = list } else { items = [] }
        var rows: [RowNode] = []
        for index in 0..<max(field.positions.count, items.count) {
            var item = field.itemField(at: index) ?? Field(key: nil, type: .json, readOnly: true)
            item.key = String(index)
            item.title = field.itemTitle(at: index)
            if field.readOnly { item.readOnly = true }
            let itemValue = index < items.count ? items[index] : .null
            rows.append(
                row(item, value: itemValue, path: path.appending(.index(index)), errors: errors, inputs: &inputs))
        }
        return FormNode(
            typeName: field.key ?? "", title: field.title, path: path, sections: [SectionNode(rows: rows)],
            actions: [], formErrors: [])
    }

    /// The items of a to-many relationship: a form each, or a link to each one's page.
    private func records(
        _ items: [FormValue], of target: String, at path: FormPath, errors: [FormPath: [String]],
        inputs: inout DrawnInputs
    ) -> [ItemNode] {
        let itemField = Field.record(of: target)
        return items.indices.map { index -> ItemNode in
            let itemPath = path.appending(.index(index))
            let summary = display.summary(items[index], field: itemField)
            if navigableRelationships, let link = link?(target, itemPath) {
                return ItemNode(index: index, summary: summary, content: .link(link))
            }
            let form = form(typeName: target, values: items[index], path: itemPath, errors: errors)
            inputs.take(form)
            return ItemNode(index: index, summary: summary, content: .form(form))
        }
    }

    /// The cell context of one field; `inputName`, when given, is the path's
    /// (``URLEncodedForm/name(for:)``), made beforehand.
    package func context(
        _ field: consuming Field, value: consuming FormValue, path: consuming FormPath, inputName: String? = nil,
        errors: [FormPath: [String]] = [:]
    ) -> CellContext {
        var (shown, input, choices) = display.presentation(value, for: field)
        let raw = rawInput.isEmpty ? nil : rawInput[copy path]
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
        // What is read of the field and the path first, so that they are moved into the context.
        let fieldErrors = errors.isEmpty ? [] : errors[copy path] ?? []
        let isRequired = field.isRequired
        let inputName = inputName ?? URLEncodedForm.name(for: path)
        return CellContext(
            field: field, path: path, value: value, display: shown, inputValue: input,
            choices: choices, errors: fieldErrors, isRequired: isRequired, inputName: inputName,
            themeBox: themeBox, isRawInput: raw != nil)
    }

}

/// A section's rows, made one at a time in order: a hidden field is skipped, a disabled one
/// made read-only, a conditionally required one required.
struct RowMaker {
    let fields: [Field]
    let values: FormValue
    let record: FormRecord
    let path: FormPath
    let errors: [FormPath: [String]]
    /// Each field's path and input name, made beforehand
    /// (``ConfigDictionary/rootAddresses(of:)``), else `nil`: made from `path` and the key.
    let addresses: [FieldAddress]?
    private var index = 0
    /// Where the last key was found in `record` (the next is looked for from there).
    private var position = 0

    init(
        fields: [Field], values: FormValue, path: FormPath, errors: [FormPath: [String]],
        addresses: [FieldAddress]? = nil
    ) {
        self.addresses = addresses
        self.fields = fields
        self.values = values
        if case .record(let record) = values { self.record = record } else { record = FormRecord() }
        self.path = path
        self.errors = errors
    }

    /// The next visible field's row, `nil` past the last.
    mutating func next(of builder: FormTreeBuilder, inputs: inout DrawnInputs) -> RowNode? {
        while index < fields.count {
            var field = fields[index]
            index += 1
            if field.hasConditions {
                let state = field.conditions.state(in: values)
                guard state.isVisible else { continue }
                if !state.isEnabled { field.readOnly = true }
                if state.isConditionallyRequired { field.rules = field.rules(in: state) }
            }
            guard let key = field.key else {
                return builder.row(field, value: .null, path: path, errors: errors, inputs: &inputs)
            }
            let value = record.value(forKey: key, near: &position) ?? .null
            guard let address = addresses?[index - 1] else {
                return builder.row(field, value: value, path: path.appending(key: key), errors: errors, inputs: &inputs)
            }
            return builder.row(
                field, value: value, path: address.path, inputName: address.inputName, errors: errors, inputs: &inputs)
        }
        return nil
    }
}

/// What a form's rows draw that its page's form element must know of.
struct DrawnInputs {
    /// An editable image field: a file input (the form is sent as `multipart/form-data`).
    var image = false
    /// An editable collection: its buttons (the form needs a default button first).
    var collection = false

    mutating func note(_ field: Field) {
        if !field.readOnly, field.type == .image { image = true }
    }

    mutating func noteCollection(_ field: Field) {
        if !field.readOnly { collection = true }
    }

    mutating func take(_ form: FormNode) {
        image = image || form.hasEditableImage
        collection = collection || form.hasEditableCollection
    }
}
