import ModelForm

/// One screen of the terminal editor: an entity's form (the form's own, a related entity, a
/// collection item or a map's entry), a collection's items as rows, or a map's entries as
/// rows. Built from the form's current values, its rules applied.
public struct EditorPage: Sendable {
    /// What a page shows.
    public enum Content: Sendable {
        /// An entity's form.
        case entity(FormNode)
        /// A collection's items.
        case collection(CollectionContent)
        /// A map's entries.
        case entries(EntriesContent)
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

    /// A map's page: its field and entries.
    public struct EntriesContent: Sendable {
        /// The map's path.
        public var path: FormPath
        /// The map's field.
        public var field: Field
        /// The entries in the data's order, each a row: its field titled by the key, its
        /// path the map's plus the key, its display the value's one-line summary.
        public var entries: [RowNode]
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

    /// The page at the end of `trail` (each entry a to-one relationship, a collection, a map,
    /// a collection item or a map's entry opened from the page before it).
    init(form: Form<FormValue>, trail: [FormPath]) {
        let root = form.tree()
        var content = Content.entity(root)
        var breadcrumb = [root.title]
        walk: for path in trail {
            guard let field = try? form.field(at: path) else { break }
            let target: String
            switch field.shape {
            case .records, .items, .entries:
                guard let row = Self.row(at: path, on: content) else { break walk }
                switch row.content {
                case .collection(let items):
                    content = .collection(CollectionContent(path: path, field: field, items: items))
                case .entries(let entries):
                    content = .entries(EntriesContent(path: path, field: field, entries: entries))
                case .field, .subform, .alternative: break
                }
                breadcrumb.append(field.title)
                continue
            case .positions:
                // A tuple's page is its row of positions.
                guard let row = Self.row(at: path, on: content), case .subform(let positions) = row.content else {
                    break walk
                }
                content = .entity(positions)
                breadcrumb.append(field.title)
                continue
            case .record(let related): target = related
            case .alternatives:
                // A union's page is its chosen record alternative's fields.
                guard let (record, at, title) = Self.chosenRecord(at: path, in: form) else { break walk }
                breadcrumb.append(field.title + ": " + title)
                content = .entity(Self.page(of: record, at: at, in: form))
                continue
            case .single: break walk  // a value has no page
            }
            if case .index(let index) = path.last {
                guard case .collection(let collection) = content else { break }
                let summary = collection.items.first { $0.index == index }?.summary ?? ""
                breadcrumb.append(ItemTitles.named(field.title, index: index, summary: summary))
            } else {
                breadcrumb.append(field.title)
            }
            content = .entity(Self.page(of: target, at: path, in: form))
        }
        self.content = content
        self.breadcrumb = breadcrumb
    }

    /// The form of the record of `typeName` at `path`.
    private static func page(of typeName: String, at path: FormPath, in form: Form<FormValue>) -> FormNode {
        var builder = FormTreeBuilder(
            configs: form.configs, transformers: form.environment.transformers, theme: form.environment.theme)
        builder.rawInput = form.rawInput
        return builder.build(
            typeName: typeName, values: form.displayedValues[path] ?? .null, at: path, errors: form.errors)
    }

    /// The union at `path`'s chosen alternative when it is a record: its type, where its
    /// values are (under its tag, for a tagged one) and its title.
    static func chosenRecord(at path: FormPath, in form: Form<FormValue>) -> (String, FormPath, String)? {
        guard let field = try? form.field(at: path), case .alternatives = field.shape,
            case .chosen(let index) = form.configs.alternative(of: field, for: form.displayedValues[path] ?? .null),
            let alternative = field.alternativeField(index), case .record(let target) = alternative.shape
        else { return nil }
        let at = field.alternatives[index].key.map { path.appending(key: $0) } ?? path
        return (target, at, field.alternativeTitle(index))
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
        case .entries(let map):
            return map.entries.map(\.context.path)
        }
    }

    /// The row at `path` on a page: an entity's row (looked for in its inline forms too) or
    /// a map's entry; `nil` on a collection's page, whose items open as pages of their own.
    private static func row(at path: FormPath, on content: Content) -> RowNode? {
        switch content {
        case .entity(let node):
            var finder = RowFinder(path: path)
            finder.visitForm(node)
            return finder.found
        case .entries(let map): return map.entries.first { $0.context.path == path }
        case .collection(let collection):
            // A list of lists: an item's form holds one row, the inner list.
            for item in collection.items {
                guard case .form(let node) = item.content else { continue }
                var finder = RowFinder(path: path)
                finder.visitForm(node)
                if let found = finder.found { return found }
            }
            return nil
        }
    }
}

/// Finds the row at a path: it descends only into inline subforms on the way.
private struct RowFinder: FormTreeWalker {
    let path: FormPath
    var found: RowNode?

    mutating func visitForm(_ form: FormNode) {
        if found == nil, path.hasPrefix(form.path) { descend(into: form) }
    }

    mutating func visitRow(_ row: RowNode) {
        guard found == nil else { return }
        if row.context.path == path {
            found = row
        } else if case .subform = row.content {
            descend(into: row)
        }
    }
}
