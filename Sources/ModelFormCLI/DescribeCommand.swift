import ArgumentParser
import ModelForm

struct DescribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "describe",
        abstract: "Show the resolved form: sections, fields, types, titles, cells and where each setting came from.",
        discussion: """
            Each field shows its key, field type and title, the cell chosen for the format and why (per-field cell, field type, value type, default or unsupported, and who registered it), then every setting a config file made, with its file:line:column. What is not listed was inferred.

            Examples:
              modelform describe
              modelform describe config/settings.types.yaml --format text
              modelform describe --tree

            With --tree it prints the tree the renderers draw instead: every form, section, row and \
            collection item with its value, link and errors, one a line.
            """)

    @OptionGroup var project: ProjectOptions

    @Option(help: "The format whose cells are explained: text, markdown or html.")
    var format: OutputKind = .html

    @Flag(help: "Print the tree the renderers draw (forms, sections, rows, items, values, errors) instead.")
    var tree = false

    func run() throws {
        let project = try Project(project)
        if tree {
            var form = project.form
            form.validate()
            CLIEnvironment.current.say(form.tree().dump)
            return
        }
        var lines: [String] = ["model: \(project.modelPath)"]
        if project.schema != nil {
            lines.append(
                "configs: " + (["imported from \(project.modelPath)"] + project.configPaths).joined(separator: ", "))
            lines.append("checks: the schema's own keywords too, on every check and save")
            for note in project.schemaNotes { lines.append("note: \(note.mark): \(note.message)") }
        } else {
            lines.append(
                "configs: "
                    + (project.configPaths.isEmpty
                        ? "(none; everything inferred)" : project.configPaths.joined(separator: ", ")))
        }
        lines.append("theme: \(project.theme.name); cells for \(format.rawValue)")
        let order = [project.typeName] + project.configs.typeNames.filter { $0 != project.typeName }
        for name in order {
            guard let config = project.configs[name] else { continue }
            lines.append("")
            lines.append("\(name): \"\(config.title)\"")
            for section in config.sections {
                var heading = "  section"
                if let header = section.header { heading += " \"\(header)\"" }
                if let footer = section.footer { heading += " (footer \"\(footer)\")" }
                lines.append(heading)
                let otherKeys = project.configs.model.entity(name)?.otherKeys
                for field in section.fields {
                    lines += describe(field, project: project, values: name == project.typeName ? project.values : nil)
                    if field.key != nil, field.key == otherKeys {
                        lines.append("        holds the keys no other property names (in the data, beside them)")
                    }
                }
            }
            let hidden = config.fields.filter(\.hidden).compactMap(\.key)
            if !hidden.isEmpty { lines.append("  hidden: " + hidden.joined(separator: ", ")) }
            lines.append(
                "  actions: " + config.actions.map { "\($0.title) (\($0.action ?? ""))" }.joined(separator: ", "))
        }
        CLIEnvironment.current.say(lines.joined(separator: "\n") + "\n")
    }

    /// A field's line and its settings; a rule shows what it gives for `values` (the root
    /// form's current values) too.
    func describe(_ field: Field, project: Project, values: FormValue?) -> [String] {
        var head = "    \(field.key ?? "(virtual)")  [\(field.type)]  \"\(field.title)\""
        if let relationship = field.relationship {
            head += "  -> \(relationship.target) (\(relationship.cardinality.rawValue))"
        }
        if let valueType = field.valueType { head += "  : \(valueType.name)" }
        var lines = [
            head, "        cell: " + Renderers.explanation(for: field, as: format, templates: project.templates),
        ]
        let mapEntry: Field?
        switch field.shape {
        case .entries: mapEntry = field.template
        case .record, .records, .items, .single: mapEntry = nil
        case .positions:
            mapEntry = nil
            // Each position: its number, title, field type and type; then what may follow.
            for (index, position) in field.positions.enumerated() {
                lines.append(
                    "        position \(index): \"\(position.title)\"  [\(position.type)]"
                        + (position.valueType.map { "  : \($0.name)" } ?? ""))
            }
            lines.append(
                "        after the positions: "
                    + (field.template.map { "items [\($0.type)]" + ($0.valueType.map { " : \($0.name)" } ?? "") }
                        ?? "nothing"))
        case .alternatives:
            mapEntry = nil
            // Each alternative: its tag (when written under one), title, field type and type.
            for alternative in field.alternatives {
                lines.append(
                    "        alternative: " + (alternative.key.map { "\($0): " } ?? "") + "\"\(alternative.title)\"  ["
                        + "\(alternative.type)]" + (alternative.valueType.map { "  : \($0.name)" } ?? ""))
            }
            if field.alternativesAreExclusive { lines.append("        alternatives: exactly one fits (oneOf)") }
        }
        if let entry = mapEntry {
            // What each entry is: its own field type and cell.
            lines.append(
                "        entries: [\(entry.type)]"
                    + (entry.relationship.map { " -> \($0.target)" } ?? "")
                    + ", cell: " + Renderers.explanation(for: entry, as: format, templates: project.templates))
        }
        for (setting, source) in field.sources.sorted(by: { $0.key < $1.key }) where setting != "key" {
            var line = "        \(setting): \(value(of: setting, in: field))"
            if let values, let rule = field.conditions.named.first(where: { $0.name == setting })?.condition {
                line += "   (now \(rule.evaluate(in: values)))"
            }
            lines.append(line + "   from \(source)")
        }
        return lines
    }

    func value(of setting: String, in field: Field) -> String {
        FieldSetting.named(setting)?.display(in: field) ?? field.cellProperties[setting] ?? "set"
    }
}
