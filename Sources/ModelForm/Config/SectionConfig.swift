/// A group of fields with an optional header and footer (a table section, a fieldset).
package struct SectionConfig: Hashable, Sendable {
    /// The header text; `nil` or empty for none.
    package var header: String?
    /// The footer text; `nil` or empty for none.
    package var footer: String?
    /// The fields in order.
    package var fields: [Field]

    /// A section.
    package init(header: String? = nil, footer: String? = nil, fields: [Field]) {
        self.header = header
        self.footer = footer
        self.fields = fields
    }

    /// Groups fields into sections the way FXForms does: a field with a `header` starts a
    /// new section (an empty header makes a partition without a title); a field with a
    /// `footer` ends the current section with that footer.
    /// Fields with neither a header nor a footer are one section that shares their array
    /// (no copy: a 100,000-field form's fields are not held twice).
    package static func grouping(_ fields: [Field]) -> [SectionConfig] {
        guard fields.contains(where: { $0.header != nil || $0.footer != nil }) else {
            return fields.isEmpty ? [] : [SectionConfig(fields: fields)]
        }
        var sections: [SectionConfig] = []
        var current: SectionConfig?
        for field in fields {
            if let header = field.header {
                if let open = current, !open.fields.isEmpty { sections.append(open) }
                current = SectionConfig(header: header.isEmpty ? nil : header, fields: [])
            }
            // Taken out of `current`, so that appending does not copy the fields so far.
            var section = current.take() ?? SectionConfig(fields: [])
            section.fields.append(field)
            if let footer = field.footer {
                section.footer = footer.isEmpty ? nil : footer
                sections.append(section)
                current = nil
            } else {
                current = section
            }
        }
        if let open = current, !open.fields.isEmpty { sections.append(open) }
        return sections
    }
}
