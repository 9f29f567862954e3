import Foundation

/// Linked documents for a form: one per entity instance its relationships reach (each
/// to-one value and each to-many item), and an index. Renderers export with it
/// (`HTMLRenderer().export(form, to: folder)`); the CLI's `export` command too.
public struct FormExport: Sendable {
    /// One document: an entity instance and where it sits.
    public struct Document: Sendable {
        /// Its type.
        public var typeName: String
        /// Where its values sit in the form's values (empty for the root).
        public var path: FormPath
        /// Its values.
        public var values: FormValue
    }

    /// The forms.
    public var configs: ConfigDictionary
    /// The root type.
    public var typeName: String
    /// The root values.
    public var values: FormValue
    /// The extension of every file name (`html`, `md`).
    public var fileExtension: String

    /// An export of `values` of `typeName`.
    public init(configs: ConfigDictionary, typeName: String, values: FormValue, fileExtension: String) {
        self.configs = configs
        self.typeName = typeName
        self.values = values
        self.fileExtension = fileExtension
    }

    /// Every entity instance reached from the root, in document order.
    public var documents: [Document] {
        var result: [Document] = []
        func visit(_ typeName: String, _ path: FormPath, _ values: FormValue) {
            result.append(Document(typeName: typeName, path: path, values: values))
            guard let config = configs[typeName], case .record(let record) = values else { return }
            for field in config.fields {
                guard let key = field.key, let relationship = field.relationship, let value = record[key] else { continue }
                switch (relationship.cardinality, value) {
                case (.toOne, .record): visit(relationship.target, path.appending(key: key), value)
                case (.toMany, .list(let items)):
                    for (index, item) in items.enumerated() { visit(relationship.target, path.appending(key: key).appending(.index(index)), item) }
                default: break
                }
            }
        }
        visit(typeName, FormPath(), values)
        return result
    }

    /// The file name of a document: `Person-friends-0.html`; distinct for every document,
    /// at most 125 bytes (see ``ExportFileNames``).
    package func fileName(_ typeName: String, _ path: FormPath) -> String {
        ExportFileNames.stem(typeName, path) + "." + fileExtension
    }

    /// The tree of one document, its relationships linking to their documents.
    public func tree(of document: Document, transformers: ValueTransformers = ValueTransformers(), theme: Theme = .default) -> FormNode {
        let base = document.path
        let export = self
        var builder = FormTreeBuilder(configs: configs, transformers: transformers, theme: theme, link: { typeName, path in
            export.fileName(typeName, FormPath(base.components + path.components))
        })
        builder.navigableRelationships = true
        return builder.build(typeName: document.typeName, values: document.values)
    }

    /// The index entries: a label and a file name per document.
    package var indexEntries: [(label: String, file: String)] {
        let display = FieldDisplay(configs: configs)
        return documents.map { document in
            let title = configs[document.typeName]?.title ?? document.typeName
            let summary = display.summary(document.values, field: Field(key: nil, type: .subform, relationship: Relationship(target: document.typeName, cardinality: .toOne)))
            let label = document.path.isRoot ? title : "\(title): \(summary.isEmpty ? document.path.description : summary) (\(document.path))"
            return (label, fileName(document.typeName, document.path))
        }
    }

    /// The root form's title.
    public var title: String { configs[typeName]?.title ?? typeName }

    /// Writes every document (`page` draws one tree), the index and `extras` into `folder`
    /// (created when missing), all or nothing: the files are written beside the folder's
    /// contents first and then moved into place; on any failure every file is as it was
    /// (and a folder this call created is removed). Returns the file names written.
    @discardableResult
    public func write(
        to folder: URL, page: (FormNode) throws -> String, index: String, extras: [(name: String, text: String)] = [],
        transformers: ValueTransformers = ValueTransformers(), theme: Theme = .default, progress: ((Int, Int) -> Void)? = nil
    ) throws -> [String] {
        var transaction = try ExportTransaction(folder: folder)
        do {
            let all = documents
            for (number, document) in all.enumerated() {
                try transaction.stage(fileName(document.typeName, document.path), page(tree(of: document, transformers: transformers, theme: theme)))
                progress?(number + 1, all.count)
            }
            try transaction.stage("index." + fileExtension, index)
            for extra in extras { try transaction.stage(extra.name, extra.text) }
            try transaction.commit()
        } catch {
            transaction.rollBack()
            throw error
        }
        return transaction.names
    }
}

extension Form {
    /// The export of this form's values.
    public func export(fileExtension: String) -> FormExport {
        FormExport(configs: configs, typeName: typeName, values: values, fileExtension: fileExtension)
    }
}
