/// A form tree whose root rows are made one at a time while a renderer draws them, and
/// dropped once drawn: the tree of a form of 100,000 fields without its 100,000 rows kept
/// (their cell contexts and paths: 34 MB). What the page needs before its first row is set
/// on ``node``: the sections (their rows left empty), the actions, and whether a row draws a
/// file input or a collection's buttons (a first pass over the rows, each dropped once made,
/// when a form of the dictionary has a field that can draw one).
///
/// Built by ``Form/streamedTree(theme:)``, which gives none for a form showing errors: their
/// summary comes before the rows.
package struct StreamedForm: Sendable {
    /// The form without its root rows (``rows(ofSection:)`` makes them).
    package private(set) var node: FormNode
    private let builder: FormTreeBuilder
    private let values: FormValue
    /// The fields of each section of `node`, in order.
    private let sectionFields: [[Field]]

    fileprivate init(node: FormNode, builder: FormTreeBuilder, values: FormValue, sectionFields: [[Field]]) {
        self.node = node
        self.builder = builder
        self.values = values
        self.sectionFields = sectionFields
    }

    /// The rows of the section at `index` of ``node``, made as they are read. Every section
    /// of ``node`` with fields has a visible one.
    package func rows(ofSection index: Int) -> StreamedRows {
        StreamedRows(
            maker: RowMaker(fields: sectionFields[index], values: values, path: node.path, errors: [:]),
            builder: builder)
    }

    /// Whether the section at `index` of ``node`` has fields (and so rows).
    package func hasRows(inSection index: Int) -> Bool { !sectionFields[index].isEmpty }
}

/// A section's rows, each made when it is read.
package struct StreamedRows: Sequence, IteratorProtocol {
    fileprivate var maker: RowMaker
    fileprivate let builder: FormTreeBuilder
    /// Set on the way and not read: what the page needs of them is on ``StreamedForm/node``.
    fileprivate var inputs = DrawnInputs()

    package mutating func next() -> RowNode? { maker.next(of: builder, inputs: &inputs) }
}

extension FormTreeBuilder {
    /// The tree of `values` of `typeName` (with no errors) whose root rows are made while
    /// they are drawn.
    package func streamed(typeName: String, values: FormValue) -> StreamedForm {
        var sections: [SectionNode] = []
        var sectionFields: [[Field]] = []
        for section in configs.sections(of: typeName) {
            // A section whose every field is hidden is not drawn, as in `build`.
            let visible =
                section.fields.isEmpty
                || section.fields.contains { !$0.hasConditions || $0.conditions.state(in: values).isVisible }
            guard visible else { continue }
            sections.append(SectionNode(header: section.header, footer: section.footer, rows: []))
            sectionFields.append(section.fields)
        }
        var inputs = DrawnInputs()
        if configs.mayDrawFormInputs {
            for fields in sectionFields {
                var maker = RowMaker(fields: fields, values: values, path: FormPath(), errors: [:])
                while maker.next(of: self, inputs: &inputs) != nil {}
            }
        }
        let node = node(typeName: typeName, values: values, path: FormPath(), sections: sections, inputs: inputs)
        return StreamedForm(node: node, builder: self, values: values, sectionFields: sectionFields)
    }
}

extension ConfigDictionary {
    /// Whether a form's field may draw what its page's form element must know of: an image
    /// (a file input) or a collection, map, tuple or union (their buttons). Every form of
    /// the dictionary is read, so a subform drawn in place is too; a template, a position or
    /// an alternative only sits in a field that answers yes itself.
    package var mayDrawFormInputs: Bool {
        func mayDraw(_ field: Field) -> Bool {
            switch field.shape {
            case .single: field.type == .image || field.type == .collection
            case .record: false
            case .records, .items, .positions, .entries, .alternatives: true
            }
        }
        return typeNames.contains { name in self[name]?.fields.contains(where: mayDraw) ?? false }
    }
}
