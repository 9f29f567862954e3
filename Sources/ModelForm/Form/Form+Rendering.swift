extension FormRenderer {
    /// This renderer with the form's environment: the plugins' cells on top of its own
    /// registry (or the environment's registry for the format), and its own theme when it
    /// has one, else the form's.
    package func adopting<Model>(_ form: Form<Model>) -> Self {
        var renderer = self
        renderer.cells = form.environment.cells(cells)
        if theme == .default { renderer.theme = form.environment.theme }
        return renderer
    }
}

extension Form {
    /// The tree renderers draw: the values (a refused submission's, with the raw input),
    /// the errors, the environment's transformers and `theme`.
    public func tree(
        theme: Theme? = nil, inlineSubforms: Bool = false,
        link: (@Sendable (_ typeName: String, _ path: FormPath) -> String?)? = nil
    ) -> FormNode {
        treeBuilder(theme: theme, inlineSubforms: inlineSubforms, link: link)
            .build(typeName: typeName, values: displayedValues, errors: errors)
    }

    /// The builder of the form's trees: the environment's transformers, `theme` (else the
    /// environment's) and what the user typed in a refused submission.
    private func treeBuilder(
        theme: Theme?, inlineSubforms: Bool = false,
        link: (@Sendable (_ typeName: String, _ path: FormPath) -> String?)? = nil
    ) -> FormTreeBuilder {
        var builder = FormTreeBuilder(
            configs: configs, transformers: environment.transformers, theme: theme ?? environment.theme,
            inlineSubforms: inlineSubforms, link: link)
        builder.rawInput = rawInput
        return builder
    }
}

extension Form {
    /// The tree ``tree(theme:inlineSubforms:link:)`` gives, with its root rows made while a
    /// renderer draws them instead of kept (the command line's large pages); `nil` when the
    /// form shows errors, whose summary is drawn before the rows from all of them.
    package func streamedTree(theme: Theme? = nil) -> StreamedForm? {
        guard errors.isEmpty else { return nil }
        return treeBuilder(theme: theme).streamed(typeName: typeName, values: displayedValues)
    }
}
