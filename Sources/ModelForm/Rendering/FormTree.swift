/// A form ready to draw: the small tree every renderer walks (form, section, row), with a
/// ``CellContext`` prepared for each row.
public struct FormNode: Sendable {
    /// The entity drawn.
    public var typeName: String
    /// The form's title.
    public var title: String
    /// Where this form's values sit (empty for the root form).
    public var path: FormPath
    /// The sections with their rows.
    public var sections: [SectionNode]
    /// The buttons.
    public var actions: [Field]
    /// Errors that belong to no visible field (model-level checks), as messages.
    public var formErrors: [String]
    /// How many errors the tree was built with (0: there is nothing to summarise).
    public var errorCount = 0
}

/// A section of a ``FormNode``.
public struct SectionNode: Sendable {
    /// The header, if any.
    public var header: String?
    /// The footer, if any.
    public var footer: String?
    /// The rows.
    public var rows: [RowNode]
}

/// One field of a ``FormNode``.
public struct RowNode: Sendable {
    /// The cell's context.
    public var context: CellContext
    /// An inline subform, drawn in place.
    public var subform: FormNode?
    /// A collection's items.
    public var items: [ItemNode]?

    /// A row.
    public init(context: CellContext, subform: FormNode? = nil, items: [ItemNode]? = nil) {
        self.context = context
        self.subform = subform
        self.items = items
    }
}

/// One item of a collection: a nested form for a model, or a cell for a scalar.
public struct ItemNode: Sendable {
    /// The item's position.
    public var index: Int
    /// A one-line summary of the item (a model item's first filled text fields).
    public var summary: String
    /// The item's form (a model item).
    public var form: FormNode?
    /// The item's cell (a scalar item).
    public var context: CellContext?
    /// The item's own page, when relationships are navigable (``FormTreeBuilder/navigableRelationships``).
    public var link: String? = nil
}

/// Builds ``FormNode`` trees from configs and values.
///
/// A to-one subform is drawn inline when its field says `inline` (or, always, when
/// `inlineSubforms` is set); otherwise it is a row with a link from `link`. Collection
/// items are always drawn, numbered.
public struct FormTreeBuilder: Sendable {
    /// The forms.
    public var configs: ConfigDictionary
    /// Display helper (transformers).
    public var display: FieldDisplay
    /// The theme passed to cells.
    public var theme: Theme
    /// Draw every subform inline, whatever its `inline` key says.
    public var inlineSubforms: Bool
    /// Make every relationship a link instead (exports: each entity gets its own page):
    /// to-one subforms and to-many items link through `link`, whatever `inline` says.
    public var navigableRelationships = false
    /// The link of a navigable subform: its type and the path of its value.
    public var link: (@Sendable (_ typeName: String, _ path: FormPath) -> String?)?

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
        let shown = Set(Self.paths(in: node))
        node.formErrors = errors.filter { !shown.contains($0.path) }.map(\.description)
        return node
    }

    private func form(typeName: String, values: FormValue, path: FormPath, errors: [FormPath: [String]]) -> FormNode {
        let config = configs[typeName] ?? FormConfig(typeName: typeName, fields: [])
        let record: FormRecord = { if case .record(let record) = values { return record } else { return FormRecord() } }()
        var position = 0
        let sections = configs.sections(of: typeName).map { section in
            SectionNode(header: section.header, footer: section.footer, rows: section.fields.map { field in
                guard let key = field.key else { return row(field, value: .null, path: path, errors: errors) }
                let value = record.value(forKey: key, near: &position) ?? .null
                return row(field, value: value, path: path.appending(key: key), errors: errors)
            })
        }
        return FormNode(typeName: typeName, title: config.title, path: path, sections: sections, actions: config.actions, formErrors: [])
    }

    private func row(_ field: Field, value: FormValue, path: FormPath, errors: [FormPath: [String]]) -> RowNode {
        var context = self.context(field, value: value, path: path, errors: field.isVirtual ? [:] : errors)
        guard let relationship = field.relationship else {
            guard field.type == .collection, case .list(let items) = value, let template = field.template else {
                return RowNode(context: context)
            }
            let nodes = items.indices.map { index in
                let itemContext = self.context(template, value: items[index], path: path.appending(.index(index)), errors: errors)
                return ItemNode(index: index, summary: itemContext.display, form: nil, context: itemContext)
            }
            return RowNode(context: context, items: nodes)
        }
        var subform: FormNode?
        var nodes: [ItemNode]?
        switch (relationship.cardinality, value) {
        case (.toOne, .record):
            if (field.inline || inlineSubforms) && !navigableRelationships {
                subform = form(typeName: relationship.target, values: value, path: path, errors: errors)
            } else {
                context.link = link?(relationship.target, path)
            }
        case (.toMany, .list(let items)):
            let itemField = Field(key: nil, type: .subform, relationship: Relationship(target: relationship.target, cardinality: .toOne))
            nodes = items.indices.map { index in
                let itemPath = path.appending(.index(index))
                let summary = display.summary(items[index], field: itemField)
                if navigableRelationships {
                    return ItemNode(index: index, summary: summary, form: nil, context: nil, link: link?(relationship.target, itemPath))
                }
                return ItemNode(index: index, summary: summary, form: form(typeName: relationship.target, values: items[index], path: itemPath, errors: errors), context: nil)
            }
        default:
            break
        }
        return RowNode(context: context, subform: subform, items: nodes)
    }

    /// The cell context of one field.
    public func context(_ field: Field, value: FormValue, path: FormPath, errors: [FormPath: [String]] = [:]) -> CellContext {
        let (shown, input) = display.displayAndInput(value, for: field)
        return CellContext(
            field: field, path: path, value: value, display: shown, inputValue: input,
            choices: field.options.isEmpty ? [] : display.choices(value, for: field), errors: errors.isEmpty ? [] : errors[path] ?? [],
            isRequired: field.rules.contains { $0.kind == .required }, inputName: URLEncodedForm.name(for: path),
            inputID: Self.id(for: path, field: field), theme: theme)
    }

    /// A document-unique id for a path: `f-address-street`, `f-friends-0-name`.
    public static func id(for path: FormPath, field: Field? = nil) -> String {
        if path.isRoot { return "f-" + (field?.action ?? "form").map { $0.isLetter || $0.isNumber ? $0 : "-" }.map(String.init).joined() }
        var id = "f"
        for component in path.components {
            id += "-"
            switch component {
            case .key(let key):
                if key.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F }) {
                    id += key
                } else {
                    for character in key { id.append(character.isLetter || character.isNumber || character == "_" ? character : "-") }
                }
            case .index(let index): id += String(index)
            }
        }
        return id
    }

    static func paths(in node: FormNode) -> [FormPath] {
        var result: [FormPath] = []
        for section in node.sections {
            for row in section.rows where !row.context.field.isVirtual {
                result.append(row.context.path)
                if let subform = row.subform { result += paths(in: subform) }
                for item in row.items ?? [] {
                    if let form = item.form { result += paths(in: form) }
                    if let context = item.context { result.append(context.path) }
                }
            }
        }
        return result
    }
}
