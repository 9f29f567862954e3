extension ConfigDictionary {
    /// A plain outline of every form: sections, fields with type and key, relationships.
    /// Meant for logs and the example program, not as a renderer.
    ///
    /// ```
    /// User
    ///   [section]
    ///     Email (email) email
    ///     Address (subform -> Address) address
    /// ```
    public func outline() -> String {
        var lines: [String] = []
        for name in typeNames {
            guard let config = self[name] else { continue }
            lines.append("\(config.title) [\(name)]")
            for section in config.sections {
                lines.append("  [section\(section.header.map { ": \($0)" } ?? "")]")
                for field in section.fields {
                    var detail = field.type.rawValue
                    if let relationship = field.relationship {
                        detail += " -> \(relationship.target) (\(relationship.cardinality.rawValue))"
                    }
                    if !field.options.isEmpty {
                        detail += ", options: " + field.options.map(\.title).joined(separator: " | ")
                    }
                    if let hint = field.traits.contentHint { detail += ", autocomplete: \(hint)" }
                    lines.append("    \(field.title) (\(detail)) \(field.key ?? "")")
                }
                if let footer = section.footer { lines.append("  [footer: \(footer)]") }
            }
            lines.append("  actions: " + config.actions.map(\.title).joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
