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
        if c.field.type == .action {
            return TextWrapping.wrap(control, width: w.availableWidth).joined(separator: "\n")
        }
        let labelWidth = w.labelWidth
        var label = PlainTextFormat.escape(c.field.title)
        if c.isRequired { label += " *" }
        let controlWidth = max(10, w.availableWidth - labelWidth - 2)
        if let line = usualRow(c, label: label, control: control, labelWidth: labelWidth, controlWidth: controlWidth) {
            return line
        }
        var lines =
            control.containsByte(0x0A)
            ? control.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
                c.nested == nil ? TextWrapping.wrap(String(line), width: controlWidth) : [String(line)]
            }
            : c.nested == nil ? TextWrapping.wrap(control, width: controlWidth) : [control]
        if c.field.readOnly {
            let last = lines.removeLast()
            lines += TextWrapping.wrap(last.isEmpty ? "(read-only)" : last + " (read-only)", width: controlWidth)
        }
        if let help = c.field.help, !help.isEmpty {
            lines += TextWrapping.wrap(PlainTextFormat.escape(help), width: controlWidth).map {
                w.paint($0, "ansiHelp", "2")
            }
        }
        lines += c.errors.flatMap { error in
            TextWrapping.wrap(PlainTextFormat.escape(error), width: controlWidth - 2).enumerated().map { index, line in
                w.paint((index == 0 ? "! " : "  ") + line, "ansiError", "31")
            }
        }
        let blank = lines.count > 1 || DisplayWidth.of(label) > labelWidth ? TextWrapping.spaces(labelWidth + 2) : ""
        if c.drawsContentBelowLabel {
            return ([label] + lines.map { $0.isEmpty ? "" : "  " + $0 }).joined(separator: "\n")
        }
        if DisplayWidth.of(label) > labelWidth {
            let labelLines = TextWrapping.wrap(label, width: max(10, w.availableWidth))
            return (labelLines + lines.map { blank + $0 }).joined(separator: "\n").trimmingTrailingSpaces()
        }
        if lines.count == 1 {
            // The usual row: one line, label padded to its column.
            let line = lines[0]
            if line.isEmpty { return label.trimmingTrailingSpaces() }
            return (TextWrapping.pad(label, to: labelWidth) + "  " + line).trimmingTrailingSpaces()
        }
        return lines.enumerated().map { index, line in
            (index == 0 ? TextWrapping.pad(label, to: labelWidth) + "  " : blank) + line
        }.joined(separator: "\n").trimmingTrailingSpaces()
    }

    /// The usual row made at once, as ``row(_:control:writer:)`` makes it the long way: a
    /// control of one line that fits its column, nothing under it (help, errors, a
    /// read-only note, nested content) and a label that fits its column; `nil` for any
    /// other row. (The long way wrapped the one line into an array of one and measured the
    /// label three times: 0.9 M of a 1,000-field text render's 11.0 M instructions.)
    private static func usualRow(
        _ c: CellContext, label: String, control: String, labelWidth: Int, controlWidth: Int
    ) -> String? {
        let field = c.field
        guard c.nested == nil, !field.readOnly, field.help?.isEmpty ?? true, c.errors.isEmpty,
            control.utf8.first != 0x20, !control.containsByte(0x0A), DisplayWidth.of(control) <= controlWidth,
            !c.drawsContentBelowLabel
        else { return nil }
        let labelColumns = DisplayWidth.of(label)
        guard labelColumns <= labelWidth else { return nil }
        if control.isEmpty { return label.trimmingTrailingSpaces() }
        let spaces = labelWidth - labelColumns + 2
        var line = ""
        line.reserveCapacity(label.utf8.count + spaces + control.utf8.count)
        line += label
        line += TextWrapping.spaces(spaces)
        line += control
        return line.trimmingTrailingSpaces()
    }
}

extension String {
    /// The text with the spaces at the end of each line removed: the text itself when no
    /// line ends in a space, else one more pass over the bytes.
    func trimmingTrailingSpaces() -> String {
        // Looked for eight bytes at a time first (a byte at a time was 7% of a 1,000-field
        // text render, where almost no line ends in a space).
        var copy = self
        guard copy.withUTF8(ASCIIWords.hasSpaceAtLineEnd) else { return self }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var spaces = 0
        for byte in utf8 {
            if byte == 0x20 {
                spaces += 1
                continue
            }
            if byte != 0x0A { bytes.append(contentsOf: repeatElement(0x20, count: spaces)) }
            spaces = 0
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
