import ModelForm

extension FormServer {
    /// What a person may do on an entity's page: what the forms draw from the root decides,
    /// not the URL (a page reached only through a hidden field has no page at all).
    enum PageAccess: Equatable {
        /// Drawn with inputs; a POST binds and saves.
        case editable
        /// Reached through a read-only field (or one an `enabledIf` rule disables): drawn
        /// with every input disabled and no buttons; a POST is refused.
        case readOnly
    }

    /// How `entity`'s page may be used with the root's stored values, `nil` when no page of
    /// the forms leads to it: a field on the way is `hidden` or hidden by its `visibleIf`
    /// rule. (An excluded field names no field, so ``route(_:)`` already refuses it.)
    func access(to entity: FormPath, from root: Form<FormValue>) -> PageAccess? {
        guard !entity.isRoot else { return .editable }
        var access = PageAccess.editable
        var prefix = FormPath()
        for component in entity.components {
            prefix = prefix.appending(component)
            guard let field = try? configs.field(at: prefix, in: typeName), !field.hidden else { return nil }
            let state = root.fieldState(at: prefix)
            guard state.isVisible else { return nil }
            if field.readOnly || !state.isEnabled { access = .readOnly }
        }
        return access
    }

    /// The answer to a request for a page no form leads to.
    static let unreachable = plain(404, "Not found: no form page at this address.")

    /// The answer to a POST on a read-only page: nothing is bound or written.
    static let readOnlyRefusal = plain(400, "Refused: this page is read-only; nothing was saved.")
}

extension ConfigDictionary {
    /// The same forms with every field read-only and no actions: what a read-only page draws.
    func readingOnly() -> ConfigDictionary {
        var copy = self
        for name in typeNames {
            guard var config = copy[name] else { continue }
            for index in config.fields.indices { config.fields[index].readOnly = true }
            config.actions = []
            copy.replace(config)
        }
        return copy
    }
}
