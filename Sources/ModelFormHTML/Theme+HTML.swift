import ModelForm

extension Theme {
    /// Style sheets for HTML, in order, after ModelForm's base sheet: the `css` assets.
    ///
    /// ```swift
    /// var theme = Theme.default
    /// theme.css.append(".mf-form { max-width: 40rem }")
    /// ```
    public var css: [String] {
        get { assets["css"] ?? [] }
        set { assets["css"] = newValue }
    }
}
