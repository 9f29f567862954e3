import ModelForm

/// The chrome of a text row: the label padded to the label column (with `*` when
/// required and `(read-only)` when so), the control wrapped to the space left, help and
/// errors under it.
public enum TextLayouts {
    /// The standard row layout.
    public static let standard = FieldLayout<PlainTextFormat>(name: "text.row") { c, w, draw in
        var inner = w.fresh()
        draw(&inner)
        w.raw(row(c, control: inner.output, writer: w))
    }

    static func row(_ c: CellContext, control: String, writer w: TextWriter) -> String {
        if c.field.type == .action { return control }
        let labelWidth = w.labelWidth
        var label = PlainTextFormat.escape(c.field.title)
        if c.isRequired { label += " *" }
        let controlWidth = max(10, w.availableWidth - labelWidth - 2)
        var lines = control.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
            c.nested == nil ? TextWrapping.wrap(String(line), width: controlWidth) : [String(line)]
        }
        if c.field.readOnly {
            let last = lines.removeLast()
            lines += TextWrapping.wrap(last.isEmpty ? "(read-only)" : last + " (read-only)", width: controlWidth)
        }
        if let help = c.field.help, !help.isEmpty {
            lines += TextWrapping.wrap(PlainTextFormat.escape(help), width: controlWidth)
        }
        lines += c.errors.flatMap { TextWrapping.wrap("! " + PlainTextFormat.escape($0), width: controlWidth).map { w.paint($0, "ansiError", "31") } }
        let blank = String(repeating: " ", count: labelWidth + 2)
        if c.field.type == .collection || c.nested != nil && c.field.type == .subform && c.field.inline {
            return ([label] + lines.map { $0.isEmpty ? "" : "  " + $0 }).joined(separator: "\n")
        }
        if DisplayWidth.of(label) > labelWidth {
            let labelLines = TextWrapping.wrap(label, width: max(10, w.availableWidth))
            return (labelLines + lines.map { blank + $0 }).joined(separator: "\n").trimmingTrailingSpaces()
        }
        return lines.enumerated().map { index, line in
            (index == 0 ? TextWrapping.pad(label, to: labelWidth) + "  " : blank) + line
        }.joined(separator: "\n").trimmingTrailingSpaces()
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        guard hasSuffix(" ") || contains(" \n") else { return self }
        return split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = Substring(line)
            while line.last == " " { line = line.dropLast() }
            return String(line)
        }.joined(separator: "\n")
    }
}
