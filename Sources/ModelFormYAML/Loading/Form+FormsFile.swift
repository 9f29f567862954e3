import ModelForm

extension Form {
    /// Applies a forms file (YAML or JSON, FXForms' keys) to this form's configs, with the
    /// field types of its environment (the built-ins and its plugins'). All or nothing:
    /// every problem is reported, located, and on any problem the configs are unchanged.
    ///
    /// ```swift
    /// var form = try Form(editing: User())
    /// try form.applyForms(text: "User: {title: Sign Up, fields: [email, password]}", file: "user.forms.yaml")
    /// ```
    ///
    /// A Swift type's name in the file is its name in Swift (`User`; a nested type is its
    /// own name, `Address`, not `User.Address`).
    public mutating func applyForms(text: String, file: String) throws(DiagnosticList) {
        var changed = configs
        try ConfigLoader(environment: environment).apply(text: text, file: file, to: &changed)
        configs = changed
    }
}
