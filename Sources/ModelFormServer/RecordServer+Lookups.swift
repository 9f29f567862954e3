import Foundation
import ModelForm
import ModelFormHTML
import ModelFormRecords

extension RecordServer {
    /// The configs with every lookup drawn as a choice among its type's records by their
    /// titles (where this server has a table of that type): a lookup's field becomes an
    /// options field whose values are the ids, with a "None" choice when it is optional; a
    /// to-many lookup (a list of ids) a multi-select. A lookup of more records than
    /// ``lookupChoiceLimit`` offers those the page's values name and those its Find box
    /// found (`request`'s), and draws the box.
    func configsWithChoices(_ request: LookupRequest = LookupRequest()) async throws -> (
        configs: ConfigDictionary, finding: Set<String>
    ) {
        var result = configs
        var finding = Set<String>()
        var choices: [String: [FieldOption]?] = [:]
        for typeName in configs.typeNames {
            guard var config = configs[typeName] else { continue }
            var changed = false
            for index in config.fields.indices {
                guard let target = config.fields[index].lookup,
                    let table = tables.first(where: { $0.typeName == target })
                else { continue }
                if choices[target] == nil { choices[target] = .some(try await self.choices(of: table)) }
                changed = true
                var options: [FieldOption]
                if let all = choices[target] ?? nil {
                    options = all
                } else {
                    finding.insert(target)
                    let key = config.fields[index].key ?? ""
                    let found = try await self.found(in: table, for: key, request: request)
                    options = found.options
                    config.fields[index].help = found.help
                }
                config.fields[index].options = options
                let isToMany = config.fields[index].valueType?.elementType != nil
                config.fields[index].type = isToMany ? .multiSelect : .options
                if !isToMany, config.fields[index].valueType?.isOptional == true,
                    config.fields[index].placeholder == nil
                {
                    config.fields[index].placeholder = "None"
                }
            }
            if changed { result.replace(config) }
        }
        return (result, finding)
    }

    /// A table's records as choices, by id and title; `nil` past ``lookupChoiceLimit``.
    private func choices(of table: Table) async throws -> [FieldOption]? {
        let records = try await table.records.list(RecordQuery(limit: lookupChoiceLimit + 1))
        guard records.count <= lookupChoiceLimit else { return nil }
        let title = recordTitles(of: table)
        return records.map {
            FieldOption(value: .int($0.id), title: title($0) + ($0.problem == nil ? "" : " (cannot be read)"))
        }
    }
}

extension RecordServer {
    /// The configs with every lookup a choice among its type's records by title (a lookup of
    /// more than ``lookupChoiceLimit`` records offers those `record` names), for a front end
    /// other than the pages (the terminal editor).
    package func configsWithLookupChoices(for record: FormValue?) async throws -> ConfigDictionary {
        try await configsWithChoices(LookupRequest(record: record)).configs
    }
}
