import Foundation

/// Linked documents for a form: one per entity instance its relationships reach (each
/// to-one value and each to-many item), and an index. Renderers export with it
/// (`HTMLRenderer().export(form, to: folder)`); the CLI's `export` command too.
package struct FormExport: Sendable {
    /// One document: an entity instance and where it sits.
    package struct Document: Sendable {
        /// Its type.
        package var typeName: String
        /// Where its values sit in the form's values (empty for the root).
        package var path: FormPath
        /// Its values.
        package var values: FormValue
    }

    /// The forms.
    package var configs: ConfigDictionary
    /// The root type.
    package var typeName: String
    /// The root values.
    package var values: FormValue
    /// The extension of every file name (`html`, `md`).
    package var fileExtension: String
    /// The id of the stored record the root values are, if they are one: its documents are
    /// then named after it (`Employee-7.html`, `Employee-7-address.html`), so that the
    /// documents of every record of a type fit in one folder.
    package var recordID: Int64?
    /// The root document's title in place of the form's (`Employee: Ada Lovelace`).
    package var rootTitle: String?

    /// An export of `values` of `typeName`.
    package init(configs: ConfigDictionary, typeName: String, values: FormValue, fileExtension: String) {
        self.configs = configs
        self.typeName = typeName
        self.values = values
        self.fileExtension = fileExtension
    }

    /// Every entity instance reached from the root, in document order.
    package var documents: [Document] {
        var walker = Documents()
        configs.walkValues(values, typeName: typeName, with: &walker)
        return walker.documents
    }

    /// The file name of a document: `Person-friends-0.html`; distinct for every document,
    /// at most 125 bytes (see ``ExportFileNames``).
    package func fileName(_ typeName: String, _ path: FormPath) -> String {
        guard let recordID else { return ExportFileNames.stem(typeName, path) + "." + fileExtension }
        // The record's type and id, then where the document sits in it.
        let stem = ExportFileNames.stem(self.typeName, FormPath([.index(Int(recordID))] + path.components))
        return stem + "." + fileExtension
    }

    /// The file name of the root document of record `id` of `typeName`: where a lookup of it
    /// links to.
    package static func recordFileName(_ typeName: String, id: Int64, fileExtension: String) -> String {
        ExportFileNames.stem(typeName, FormPath([.index(Int(id))])) + "." + fileExtension
    }

    /// The tree of one document, its relationships linking to their documents.
    package func tree(
        of document: Document, transformers: ValueTransformers = ValueTransformers(), theme: Theme = .default
    ) -> FormNode {
        let base = document.path
        let export = self
        var builder = FormTreeBuilder(
            configs: configs, transformers: transformers, theme: theme,
            link: { typeName, path in
                export.fileName(typeName, FormPath(base.components + path.components))
            })
        builder.navigableRelationships = true
        return builder.build(typeName: document.typeName, values: document.values)
    }

    /// One page of an export: a document, its tree, its title and the trail of links to it.
    package struct Page: Sendable {
        /// The document.
        package var document: Document
        /// Its tree, titled with ``title``, its relationships linking to their documents.
        package var tree: FormNode
        /// Its title, distinct among the export's pages: the root form's title, else what
        /// the document is and which one (`Member: Grace Hopper`, `Address: Paris`).
        package var title: String
        /// Links to the index and to every document above this one, outermost first.
        package var breadcrumbs: [(title: String, href: String)]
    }

    /// Every document's title, distinct: `Member: Grace Hopper` for an item of `members`,
    /// `Address: Paris` for a to-one relationship, the form's title for the root; a title
    /// two documents would share gets the document's number in its collection, then a count.
    package var titles: [FormPath: String] { titles(of: documents) }

    private func titles(of documents: [Document]) -> [FormPath: String] {
        let display = FieldDisplay(configs: configs)
        var result: [FormPath: String] = [:]
        var seen: [String: Int] = [:]
        for document in documents {
            var title = document.path.isRoot ? self.title : describe(document, display: display)
            if let count = seen[title] {
                seen[title] = count + 1
                title += " (\(count + 1))"
            } else {
                seen[title] = 1
            }
            result[document.path] = title
        }
        return result
    }

    /// The documents above one (the root first), of `all` by path.
    private func ancestors(of document: Document, in all: [FormPath: Document]) -> [Document] {
        guard !document.path.isRoot else { return [] }
        var prefix = FormPath()
        var result = all[prefix].map { [$0] } ?? []
        for component in document.path.components.dropLast() {
            prefix = prefix.appending(component)
            if let above = all[prefix] { result.append(above) }
        }
        return result
    }

    /// "Member: Grace Hopper": the field's name for one thing (singular for an item) and the
    /// document's summary (its number when it has none).
    private func describe(_ document: Document, display: FieldDisplay) -> String {
        var field: Field?
        var index: Int?
        var owner = typeName
        for component in document.path.components {
            switch component {
            case .key(let key):
                field = configs[owner]?.fields.first { $0.key == key }
                switch field?.shape {
                case .record(let target)?, .records(let target)?: owner = target
                case .items?, .positions?, .entries?, .single?, .alternatives?, nil: break
                }
                index = nil
            case .index(let position): index = position
            }
        }
        let name =
            field.map { index == nil ? $0.title : ItemTitles.singular($0.title) }
            ?? (configs[document.typeName]?.title ?? document.typeName)
        let summary = display.summary(document.values, field: .record(of: document.typeName))
        if !summary.isEmpty { return "\(name): \(summary)" }
        return index.map { "\(name) \($0 + 1)" } ?? name
    }

    /// Every page: each document's tree with its title and breadcrumbs (the index, then the
    /// documents above it).
    package func pages(transformers: ValueTransformers = ValueTransformers(), theme: Theme = .default) -> [Page] {
        let all = documents
        let titles = titles(of: all)
        let byPath = Dictionary(all.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        return all.map { document in
            var tree = tree(of: document, transformers: transformers, theme: theme)
            let title = titles[document.path] ?? tree.title
            tree.title = title
            let trail =
                [(title: "Index", href: "index." + fileExtension)]
                + ancestors(of: document, in: byPath).map {
                    (title: titles[$0.path] ?? "", href: fileName($0.typeName, $0.path))
                }
            return Page(document: document, tree: tree, title: title, breadcrumbs: trail)
        }
    }

    /// The index entries, in document order: a title, a file name and a depth (how many
    /// documents lie above it), so an index can nest them.
    package var indexEntries: [(title: String, file: String, depth: Int)] {
        let all = documents
        let titles = titles(of: all)
        let byPath = Dictionary(all.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        return all.map { document in
            (
                titles[document.path] ?? document.typeName, fileName(document.typeName, document.path),
                ancestors(of: document, in: byPath).count
            )
        }
    }

    /// The root document's title: ``rootTitle``, else the root form's.
    package var title: String { rootTitle ?? configs[typeName]?.title ?? typeName }

    /// Writes every document (`page` draws one tree), the index and `extras` into `folder`
    /// (created when missing), all or nothing: the files are written beside the folder's
    /// contents first and then moved into place; on any failure every file is as it was
    /// (and a folder this call created is removed). Returns the file names written.
    @discardableResult
    package func write(
        to folder: URL, page: (FormNode) throws -> String, index: String, extras: [(name: String, text: String)] = [],
        transformers: ValueTransformers = ValueTransformers(), theme: Theme = .default,
        progress: ((Int, Int) -> Void)? = nil
    ) throws -> [String] {
        try write(
            to: folder, pages: { try page($0.tree) }, index: index, extras: extras, transformers: transformers,
            theme: theme, progress: progress)
    }

    /// ``write(to:page:index:extras:transformers:theme:progress:)`` with each page's title
    /// and breadcrumbs at hand (`page` draws one ``Page``).
    @discardableResult
    package func write(
        to folder: URL, pages page: (Page) throws -> String, index: String, extras: [(name: String, text: String)] = [],
        transformers: ValueTransformers = ValueTransformers(), theme: Theme = .default,
        progress: ((Int, Int) -> Void)? = nil
    ) throws -> [String] {
        try ExportTransaction.writing(to: folder) { transaction in
            let all = pages(transformers: transformers, theme: theme)
            for (number, item) in all.enumerated() {
                try transaction.stage(fileName(item.document.typeName, item.document.path), page(item))
                progress?(number + 1, all.count)
            }
            try transaction.stage("index." + fileExtension, index)
            for extra in extras { try transaction.stage(extra.name, extra.text) }
        }
    }
}

extension Form {
    /// The export of this form's values.
    package func export(fileExtension: String) -> FormExport {
        FormExport(configs: configs, typeName: typeName, values: values, fileExtension: fileExtension)
    }
}

/// Every record reached through relationships, as a document.
private struct Documents: ValueWalker {
    var documents: [FormExport.Document] = []

    mutating func visitRecord(typeName: String, path: FormPath, value: FormValue) {
        documents.append(FormExport.Document(typeName: typeName, path: path, values: value))
    }

    mutating func visitField(_ field: Field, at index: Int?, in visit: ValueVisit) -> Bool {
        switch field.shape {
        case .record, .records: true  // each related record is a document of its own
        case .items, .positions, .entries, .single, .alternatives: false  // a union's payload: in its record's
        }
    }
}
