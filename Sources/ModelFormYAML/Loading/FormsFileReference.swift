import ModelForm

/// The forms-file format as a reference article, generated from the settings tables
/// (``FieldSetting/all`` for fields, ``FormsFileReference/typeSettings`` and
/// ``FormsFileReference/sectionSettings`` for the levels above), so the documentation
/// cannot drift from what the reader accepts. A test keeps the checked-in article equal
/// to ``FormsFileReference/markdown``.
package enum FormsFileReference {
    /// A setting of a type's entry or of a section: its name and meaning.
    package struct Entry: Sendable {
        package let name: String
        package let summary: String
    }

    /// The keys of a type's entry in a forms file.
    package static let typeSettings: [Entry] = [
        Entry(name: "title", summary: "The form's title; inferred from the type name when absent."),
        Entry(
            name: "fields",
            summary:
                "The whole field list, in order: each item a key or a field dictionary. Fields not listed are left out."
        ),
        Entry(
            name: "sections",
            summary:
                "The field list in sections: each item has `fields` and may have `header` and `footer`. Use it or `fields`, not both."
        ),
        Entry(
            name: "overrides",
            summary: "Settings for inferred fields by key, keeping the inferred order: `{email: {title: Work Email}}`."),
        Entry(
            name: "excludedFields",
            summary: "Keys of fields to leave out (their values are kept, and new records take their defaults)."),
        Entry(name: "extraFields", summary: "Fields added after the others: virtual rows such as buttons and labels."),
        Entry(
            name: "actions",
            summary: "The form's buttons: names (`save`) or field dictionaries with `action`. Default: save and cancel."
        ),
        Entry(
            name: "clearWhenHidden",
            summary:
                "What saving does to the values of fields their `visibleIf` rules hide: `keep` (the default) or `clear` them to their defaults; a field's own `clearWhenHidden` wins."
        ),
    ]

    /// The keys of one item of `sections`.
    package static let sectionSettings: [Entry] = [
        Entry(name: "header", summary: "The section's title."),
        Entry(name: "footer", summary: "Text after the section's fields."),
        Entry(name: "fields", summary: "The section's fields, as in `fields` above."),
        Entry(
            name: "visibleIf",
            summary: "Shows the section only while the rule holds (each of its fields gets the rule)."),
    ]

    /// The reference article, in DocC Markdown.
    package static func markdown() -> String {
        var lines = [
            "# The forms file",
            "",
            "Every key a `*.forms.yaml` file accepts, generated from the tables the reader uses.",
            "",
            "## Overview",
            "",
            "A forms file maps type names to form settings over what ModelForm infers. A type's entry",
            "is either FXForms' field list (a sequence of keys and field dictionaries) or a mapping",
            "with the keys below. Unknown keys are errors with a did-you-mean suggestion and a",
            "`file:line:column`; `modelform describe` shows each setting a file made and where.",
            "",
            "```yaml",
            "RegistrationForm:",
            "  title: Create Your Account",
            "  sections:",
            "    - header: Account",
            "      fields:",
            "        - {key: email, placeholder: you@example.com, rules: [required, email]}",
            "        - {key: password, help: At least 8 characters., rules: [required, {length: {min: 8}}]}",
            "  actions: [save, cancel]",
            "```",
            "",
            "### Type settings",
            "",
        ]
        lines += table(typeSettings)
        lines += ["", "### Section settings", ""]
        lines += table(sectionSettings)
        lines += [
            "", "### Field settings", "",
            "A field dictionary in `fields`, a section's `fields`, `overrides`, `extraFields`,",
            "`actions` or a `template` may set these. A key with a dot (`textField.autocapitalizationType`)",
            "is a cell property, kept for cells that understand it.",
            "",
            "| Key | Value | Meaning | Example |",
            "| --- | --- | --- | --- |",
        ]
        for setting in FieldSetting.all {
            lines.append(
                "| `\(setting.name)` | \(setting.valueDescription) | \(cell(setting.summary)) | `\(setting.example)` |")
        }
        lines += ["", "These FXForms keys are refused with an explanation:", ""]
        for (name, message) in FieldSetting.refused.sorted(by: { $0.key < $1.key }) {
            lines.append("- `\(name)`: \(message)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func table(_ entries: [Entry]) -> [String] {
        ["| Key | Meaning |", "| --- | --- |"] + entries.map { "| `\($0.name)` | \(cell($0.summary)) |" }
    }

    private static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
