/// A form ready to draw: the small tree every renderer walks (form, section, row, item),
/// with a ``CellContext`` prepared for each field.
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
    /// Whether an editable image field is drawn anywhere in the tree (a form that posts it
    /// needs `multipart/form-data`). Set by the tree builder.
    public var hasEditableImage = false
    /// Whether an editable collection is drawn anywhere in the tree (its add, remove and
    /// move buttons submit the form). Set by the tree builder.
    public var hasEditableCollection = false

    /// Takes note of a row about to join this tree: its own field and what it holds.
    mutating func note(_ row: RowNode) {
        let field = row.context.field
        if !field.readOnly, field.type == .image { hasEditableImage = true }
        switch row.content {
        case .field: break
        case .subform(let form): absorb(form)
        case .collection(let items):
            if !field.readOnly { hasEditableCollection = true }
            for item in items {
                switch item.content {
                case .form(let form): absorb(form)
                case .cell(let context): if !context.field.readOnly, context.field.type == .image { hasEditableImage = true }
                case .link: break
                }
            }
        }
    }

    private mutating func absorb(_ child: FormNode) {
        hasEditableImage = hasEditableImage || child.hasEditableImage
        hasEditableCollection = hasEditableCollection || child.hasEditableCollection
    }
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

/// One field of a ``FormNode``: its cell's context and what it holds.
public struct RowNode: Sendable {
    /// What a row holds besides its own cell.
    public enum Content: Sendable {
        /// Only the field's cell (a value, a button, or a navigable subform with a link).
        case field
        /// An inline subform, drawn in place.
        case subform(FormNode)
        /// A collection's items (possibly none).
        case collection([ItemNode])
    }

    /// The cell's context.
    public var context: CellContext
    /// What the row holds.
    public var content: Content

    /// A row.
    public init(context: consuming CellContext, content: consuming Content = .field) {
        self.context = context
        self.content = content
    }
}

/// One item of a collection.
public struct ItemNode: Sendable {
    /// What an item is drawn as.
    public enum Content: Sendable {
        /// A model item's form, drawn in place.
        case form(FormNode)
        /// A scalar item's cell.
        case cell(CellContext)
        /// A model item on a page of its own (navigable relationships).
        case link(String)
    }

    /// The item's position.
    public var index: Int
    /// A one-line summary of the item (a model item's first filled text fields).
    public var summary: String
    /// What it is drawn as.
    public var content: Content
}
