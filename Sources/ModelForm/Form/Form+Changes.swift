extension Form {
    /// The fields whose values changed, one entry per field, in form order (Django's
    /// `changed_data`): `address.city` for a subform's field, and a collection by its own
    /// path (`skills`, never `skills[0]`). `Set` properties compare as sets.
    public var changedFields: [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for change in session.changes {
            var components: [FormPath.Component] = []
            for component in change.path.components {
                if case .index = component { break }
                components.append(component)
            }
            let name = FormPath(components).description
            if !name.isEmpty, seen.insert(name).inserted { result.append(name) }
        }
        return result
    }
}
