import ModelForm
import ModelFormTesting
import Testing

/// The form tree's visitor, walker and rewriter on the Everything fixture (every field
/// kind, subforms, collections of models and of values).
@Suite struct FormTreeVisitorTests {
    static var tree: FormNode {
        FormTreeBuilder(configs: EverythingFixture.configs)
            .build(typeName: "Everything", values: EverythingFixture.values, errors: EverythingFixture.errors)
    }

    /// The doc comment's outline: a result per node, built around the children's results.
    struct Outline: FormTreeVisitor {
        mutating func visitForm(_ form: FormNode) -> String { visitSections(of: form).joined() }
        mutating func visitSection(_ section: SectionNode) -> String { visitRows(of: section).joined() }
        mutating func visitRow(_ row: RowNode) -> String {
            "- " + row.context.field.title + "\n" + visitContent(of: row).joined()
        }
        mutating func visitItem(_ item: ItemNode, in row: RowNode) -> String {
            visitContent(of: item, in: row).joined()
        }
    }

    @Test func aVisitorSeesEveryRowInDocumentOrder() {
        var outline = Outline()
        let lines = outline.visitForm(Self.tree).split(separator: "\n").map { String($0.dropFirst(2)) }
        #expect(lines == Self.tree.contexts.map(\.field.title))
        #expect(lines.contains("Street") && lines.filter { $0 == "Name" }.count >= 4, "\(lines)")
    }

    struct ErrorCount: FormTreeWalker {
        var count = 0
        mutating func visitRow(_ row: RowNode) {
            count += row.context.errors.count
            descend(into: row)
        }
    }

    @Test func aWalkerDescendsByDefault() {
        var errors = ErrorCount()
        errors.visitForm(Self.tree)
        #expect(errors.count == Self.tree.contexts.reduce(0) { $0 + $1.errors.count })
        #expect(errors.count == 2)
    }

    struct Untitled: FormTreeRewriter {
        mutating func rewriteRow(_ row: RowNode) -> RowNode {
            var row = rewriteChildren(of: row)
            row.context.field.title = ""
            return row
        }
    }

    @Test func aRewriterRebuildsEveryRowInPlace() {
        var rewriter = Untitled()
        let bare = rewriter.rewriteForm(Self.tree)
        #expect(bare.contexts.count == Self.tree.contexts.count)
        #expect(bare.contexts.allSatisfy { $0.field.title.isEmpty })
        #expect(bare.contexts.map(\.path) == Self.tree.contexts.map(\.path))
    }
}
