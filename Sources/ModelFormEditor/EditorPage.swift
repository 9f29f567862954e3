import ModelForm

/// One screen of the terminal editor: an entity's form (the form's own, a related entity or
/// a collection item), or a collection's items as rows. Built from the form's current
/// values, its rules applied.
public struct EditorPage: Sendable {
    /// What a page shows.
    public enum Content: Sendable {
        /// An entity's form.
        case entity(FormNode)
        /// A collection's items.
        case collection(CollectionContent)
    }

    /// A collection page: its field and items.
    public struct CollectionContent: Sendable {
        /// The collection's path.
        public var path: FormPath
        /// The collection's field.
        public var field: Field
        /// The items, each with its one-line summary.
        public var items: [ItemNode]
    }

    /// What the page shows.
    public var content: Content
    /// Tells pages apart: a new one for every rebuild (screens cache what they drew by it).
    public let id = UInt64.random(in: .min ... .max)
    /// The page this one was rebuilt from when only some rows changed, and those rows (a
    /// screen redraws just them); `nil` when anything may have changed.
    var changes: (previous: UInt64, rows: Set<FormPath>)?
    /// The titles from the form to this page: `Team › Members › Grace Hopper`.
    public var breadcrumb: [String]

    /// The page at the end of `trail` (each entry a to-one relationship, a collection or a
    /// collection item opened from the page before it).
    init(form: Form<FormValue>, trail: [FormPath]) {
        let root = form.tree()
        var content = Content.entity(root)
        var breadcrumb = [root.title]
        for path in trail {
            guard let field = try? form.field(at: path) else { break }
            if field.type == .collection {
                guard case .entity(let node) = content, let items = Self.items(at: path, in: node) else { break }
                content = .collection(CollectionContent(path: path, field: field, items: items))
                breadcrumb.append(field.title)
                continue
            }
            guard let target = field.relationship?.target else { break }
            if case .index(let index) = path.last {
                guard case .collection(let collection) = content else { break }
                let summary = collection.items.first { $0.index == index }?.summary ?? ""
                breadcrumb.append(ItemTitles.named(field.title, index: index, summary: summary))
            } else {
                breadcrumb.append(field.title)
            }
            var builder = FormTreeBuilder(
                configs: form.configs, transformers: form.environment.transformers, theme: form.environment.theme)
            builder.rawInput = form.rawInput
            content = .entity(
                builder.build(
                    typeName: target, values: form.displayedValues[path] ?? .null, at: path, errors: form.errors))
        }
        self.content = content
        self.breadcrumb = breadcrumb
    }

    /// The paths of the rows that take the focus, in screen order: an entity's fields (an
    /// inline subform is one row, opened like a relationship), or a collection's items.
    public var rows: [FormPath] {
        switch content {
        case .entity(let node):
            return node.sections.flatMap { section in
                section.rows.compactMap { $0.context.field.isVirtual ? nil : $0.context.path }
            }
        case .collection(let collection):
            return collection.items.map { collection.path.appending(.index($0.index)) }
        }
    }

    /// The items of the collection row at `path`, looked for in `node` and its inline forms.
    private static func items(at path: FormPath, in node: FormNode) -> [ItemNode]? {
        var finder = CollectionFinder(path: path)
        finder.visitForm(node)
        return finder.items
    }
}

/// Finds the collection row at a path: it descends only into inline subforms on the way.
private struct CollectionFinder: FormTreeWalker {
    let path: FormPath
    var items: [ItemNode]?

    mutating func visitForm(_ form: FormNode) {
        if items == nil, path.hasPrefix(form.path) { descend(into: form) }
    }

    mutating func visitRow(_ row: RowNode) {
        guard items == nil else { return }
        switch row.content {
        case .collection(let found) where row.context.path == path: items = found
        case .subform: descend(into: row)
        default: break
        }
    }
}
