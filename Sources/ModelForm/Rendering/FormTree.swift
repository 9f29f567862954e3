/// A form ready to draw: the small tree every renderer walks (form, section, row, item),
/// with a ``CellContext`` prepared for each field.
///
/// Walked by hand (a ``FormTreeVisitor`` does the same with a method per node):
///
/// ```swift
/// let tree = form.tree()
/// var outline: [String] = []
/// for section in tree.sections {
///     outline.append("# " + (section.header ?? ""))
///     for row in section.rows {
///         let content: RowNode.Content = row.content
///         if case .collection(let items) = content {
///             outline += items.map { item in "- " + item.summary }
///         } else {
///             outline.append(row.context.field.title)
///         }
///     }
///     if let footer = section.footer { outline.append(footer) }
/// }
/// let buttons = tree.actions.map(\.title)  // ["Save", "Cancel"]
/// ```
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
    package var formErrors: [String]
    /// How many errors the tree was built with (0: there is nothing to summarise).
    package var errorCount = 0
    /// Whether the form's fields or actions have `visibleIf`/`enabledIf`/`requiredIf` rules
    /// (renderers without scripts offer an Update button to apply them after an edit).
    package var hasConditionalFields = false
    /// Whether the tree, subforms and items included, draws an editable image field (a
    /// file input: an HTML form is then sent as `multipart/form-data`); set as it is built.
    package var hasEditableImage = false
    /// Whether the tree draws an editable collection (its add, remove and move buttons come
    /// before the form's own actions); set as it is built.
    package var hasEditableCollection = false
    /// Whether a row draws a lookup's Find box (its button comes before the form's own
    /// actions, as a collection's do); set by the server that draws it.
    package var hasFindBox = false
}

/// A section of a ``FormNode``.
public struct SectionNode: Sendable {
    /// The header, if any.
    public var header: String?
    /// The footer, if any.
    public var footer: String?
    /// The rows.
    public var rows: [RowNode]

    /// A section.
    public init(header: String? = nil, footer: String? = nil, rows: [RowNode]) {
        self.header = header
        self.footer = footer
        self.rows = rows
    }
}

/// One field of a ``FormNode``: its cell's context and what it holds.
public struct RowNode: Sendable {
    /// What a row holds besides its own cell. Its cases with content are boxed, so that a
    /// row is two words and a tree of 100,000 plain fields holds no room for subforms (12.8
    /// MB where each row kept a subform's worth).
    public indirect enum Content: Sendable {
        /// Only the field's cell (a value, a button, or a navigable subform with a link).
        case field
        /// An inline subform, drawn in place.
        case subform(FormNode)
        /// A collection's items (possibly none).
        case collection([ItemNode])
        /// A map's entries in the data's order (possibly none): a row each, its field the
        /// map's template keyed and titled by the entry's key, its path the map's plus the key.
        case entries([RowNode])
        /// A union's chosen alternative, drawn below the row's cell (the choice): its field
        /// as a row of its own (a tagged alternative's path is the union's plus its tag, an
        /// untagged one's the union's); `nil` when the value is empty or fits no alternative.
        case alternative(RowNode?)
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
///
/// A collection's items:
///
/// ```swift
/// let stops = trip.tree(link: { _, path in "/trip/\(path)" }).sections[0].rows.first {
///     $0.context.path == "stops"
/// }
/// if case .collection(let items)? = stops?.content, case .cell(let context) = items[0].content {
///     print(context.display)  // Dijon
/// }
/// ```
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
