/// One element of a form tree, as ``FormNode/walk(_:)`` visits it.
package enum FormTreeElement: Sendable {
    /// A form (the root, an inline subform or a collection item's form).
    case form(FormNode)
    /// A section.
    case section(SectionNode)
    /// A row.
    case row(RowNode)
    /// A collection item, with the row of its collection.
    case item(ItemNode, in: RowNode)
}

extension FormNode {
    /// Visits every element in document order, depth first, with its depth (the root is 0).
    ///
    /// ```swift
    /// var invalid = 0
    /// tree.walk { element, _ in if case .row(let row) = element, !row.context.errors.isEmpty { invalid += 1 } }
    /// ```
    package func walk(_ visit: (FormTreeElement, _ depth: Int) -> Void) {
        withoutActuallyEscaping(visit) { visit in
            var walker = ClosureWalker(visit: visit)
            walker.visitForm(self)
        }
    }

    /// Every row's context in document order (collection items' cells included).
    package var contexts: [CellContext] {
        var collector = ContextCollector()
        collector.visitForm(self)
        return collector.contexts
    }

    /// A plain outline of the tree, one element a line, for tests and `modelform describe
    /// --tree`. Texts are quoted with their line breaks, quotes and control characters
    /// escaped (`\n`, `\"`, `\u{1B}`), so that each element stays on its line.
    ///
    /// ```
    /// form User "Create Your Account"
    ///   section "Account"
    ///     row email [email] = "ada@example.com"
    /// ```
    package var dump: String {
        var lines: [String] = []
        walk { element, depth in
            let indent = String(repeating: "  ", count: depth)
            switch element {
            case .form(let form):
                lines.append(
                    indent + "form \(form.typeName) \(Self.quoted(form.title))"
                        + (form.path.isRoot ? "" : " at \(form.path)"))
            case .section(let section):
                lines.append(
                    indent + "section" + (section.header.map { " " + Self.quoted($0) } ?? "")
                        + (section.footer.map { " footer " + Self.quoted($0) } ?? ""))
            case .row(let row):
                let c = row.context
                var line = indent + "row \(c.path.isRoot ? c.field.id : c.path.description) [\(c.field.type)]"
                if !c.display.isEmpty { line += " = " + Self.quoted(c.display) }
                if let link = c.link { line += " -> " + Self.quoted(link) }
                if !c.errors.isEmpty { line += " errors: " + c.errors.map(Self.quoted).joined(separator: ", ") }
                lines.append(line)
            case .item(let item, _):
                var line = indent + "item \(item.index)"
                if !item.summary.isEmpty { line += " " + Self.quoted(item.summary) }
                if case .link(let link) = item.content { line += " -> " + Self.quoted(link) }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` in double quotes, one line: backslashes, quotes, line breaks and control
    /// characters escaped as Swift writes them.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if UnicodeClass.isControl(scalar) || UnicodeClass.isBidiOverride(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// ``FormNode/walk(_:)``'s visitor: each element with its depth.
private struct ClosureWalker: FormTreeWalker {
    let visit: (FormTreeElement, Int) -> Void
    var depth = 0

    mutating func visitForm(_ form: FormNode) {
        visit(.form(form), depth)
        depth += 1
        descend(into: form)
        depth -= 1
    }

    mutating func visitSection(_ section: SectionNode) {
        visit(.section(section), depth)
        depth += 1
        descend(into: section)
        depth -= 1
    }

    mutating func visitRow(_ row: RowNode) {
        visit(.row(row), depth)
        depth += 1
        descend(into: row)
        depth -= 1
    }

    mutating func visitItem(_ item: ItemNode, in row: RowNode) {
        visit(.item(item, in: row), depth)
        depth += 1
        descend(into: item, in: row)
        depth -= 1
    }
}

/// Every row's context, collection items' cells included.
private struct ContextCollector: FormTreeWalker {
    var contexts: [CellContext] = []

    mutating func visitRow(_ row: RowNode) {
        contexts.append(row.context)
        descend(into: row)
    }
}
