import ModelForm

/// A values file's reading and writing for one type, prepared once: for a server that reads
/// and writes the same file on every request (``ValuesFile``'s functions prepare it each call).
///
/// ```swift
/// let format = ValuesFileFormat(typeName: "User", configs: configs)
/// let values = try format.read(text: text, file: "user.values.yaml")
/// ```
public struct ValuesFileFormat: Sendable {
    public let typeName: String
    let schema: ValueSchema
    /// Keeps properties the types do not declare, as written, instead of refusing them
    /// (for JSON Schema models, whose data may carry properties the schema allows).
    public var keepsUnknownProperties = false
    /// Writes no `null` for a field that is not required: the property is left out, as JSON
    /// Schema data leaves out an absent optional property (a `null` there would have to be
    /// allowed by the schema's `type`). Read back, a missing optional property is `null` again.
    public var omitsAbsentValues = false
    /// The data is one value, not a record (a JSON Schema whose root is a string, a number,
    /// an array): it is read as the root type's one property `value`, and written back as
    /// that value alone.
    public var wrapsValue = false

    public init(typeName: String, configs: ConfigDictionary) {
        self.typeName = typeName
        schema = ValueSchema(configs)
    }

    /// Parses and reads a values file's text.
    public func read(text: String, file: String) throws(DiagnosticList) -> FormValue {
        try read(ValuesFile.parseDocument(text, file: file), source: text)
    }

    /// The values in a parsed document.
    func read(_ document: YAMLNode, source: String?) throws(DiagnosticList) -> FormValue {
        var reader = NodeReader()
        reader.keepsUnknownProperties = keepsUnknownProperties
        let value = reader.record(wrapped(document), typeName: typeName, schema: schema, path: FormPath())
        guard reader.diagnostics.isEmpty, let value else {
            throw DiagnosticList(reader.diagnostics, sources: source.map { [document.mark.file: $0] } ?? [:])
        }
        return value
    }

    /// The values in a values file's text, keeping each scalar that does not parse for its
    /// field (a malformed email, a date that is not one) instead of failing: the values hold
    /// the field's default there, and the text and message come back to be shown. Anything
    /// else wrong (bad YAML, an unknown key, a mapping for a number) still throws.
    ///
    /// ```swift
    /// let (kept, unparsed) = try format.readKeepingUnparsed(text: text, file: "user.values.yaml")
    /// ```
    public func readKeepingUnparsed(text: String, file: String) throws(DiagnosticList) -> (
        values: FormValue, unparsed: [UnparsedValue]
    ) {
        let document = try ValuesFile.parseDocument(text, file: file)
        var reader = NodeReader()
        reader.unparsed = []
        reader.keepsUnknownProperties = keepsUnknownProperties
        let value = reader.record(wrapped(document), typeName: typeName, schema: schema, path: FormPath())
        guard reader.diagnostics.isEmpty, let value else {
            throw DiagnosticList(reader.diagnostics, sources: [document.mark.file: text])
        }
        return (value, reader.unparsed ?? [])
    }

    /// The document as the root type reads it: `{value: document}` when ``wrapsValue``.
    private func wrapped(_ document: YAMLNode) -> YAMLNode {
        guard wrapsValue else { return document }
        let key = YAMLNode(.scalar(YAMLScalar("value")), mark: document.mark)
        return YAMLNode(.mapping([YAMLPair(key: key, value: document)]), mark: document.mark)
    }

    /// The text of a values file in `syntax`, written whole.
    public func text(_ value: FormValue, syntax: ValuesSyntax) throws -> String {
        try whole(presentable(value, syntax: syntax), syntax: syntax)
    }

    private func whole(_ presentable: FormValue, syntax: ValuesSyntax) throws -> String {
        switch syntax {
        case .yaml: return try YAMLEmitter.emit(presentable)
        case .json: return JSONText.write(presentable) + "\n"
        case .toml: return try TOMLWriter.write(presentable)
        }
    }

    /// The text of a values file whose text was `original`: the file edited, not
    /// regenerated, when only values changed (each changed scalar's bytes replaced, every
    /// other byte kept: comments, blank lines, quoting, style, line endings), and only when
    /// the edited text reads back as the very values given, or else as the whole text would;
    /// otherwise the whole text. (The whole text may read back otherwise than the values: a
    /// JSON value's `1.0` is written `1`, a number either way.) Entries and items may be
    /// added (at their neighbours' indentation and style) and removed (with the comment
    /// lines right above them) in place too: a YAML block mapping's and block list's,
    /// a flow collection's on one line, a JSON object's and array's, a TOML table's and array
    /// of tables'; items and keys moved too. The few changes that cannot be made in place
    /// write the file whole (the YAML Files article lists them); a file with YAML tags
    /// (`!Ref`) never is: the change is refused with an error naming the first
    /// tag's line and column, as is a value a YAML alias shares changed at one place only.
    ///
    /// ```swift
    /// let original = "# Who\nemail: ada@example.com  # work\npassword: secret\n"
    /// let edited = try format.text(changed, syntax: .yaml, editing: original)
    /// // "# Who\nemail: grace@example.com  # work\npassword: secret\n": only the value changed
    /// ```
    public func text(_ value: FormValue, syntax: ValuesSyntax, editing original: String?) throws -> String {
        try edited(value, syntax: syntax, editing: original).text
    }

    /// ``text(_:syntax:editing:)``, and whether the file was edited in place (`false`: the
    /// text is the whole file written anew).
    package func edited(_ value: FormValue, syntax: ValuesSyntax, editing original: String?) throws -> (
        text: String, inPlace: Bool
    ) {
        guard let original else { return (try whole(presentable(value, syntax: syntax), syntax: syntax), false) }
        let presentable = keepingWrittenNulls(
            presentable(value, syntax: syntax), values: value, original: original, syntax: syntax)
        // A value a YAML alias shares, changed at one place only, is refused (never written
        // whole, which would drop the anchor).
        let spliced: String? =
            switch syntax {
            case .yaml: try ValuesSplice.yaml(original, values: presentable)
            case .json: ValuesSplice.json(original, values: presentable)
            case .toml: TOMLSplice.edit(original, values: presentable)
            }
        let file = syntax.fileName
        // TOML writes a table's values before its tables, whatever their order: the same
        // values in another order are the same file.
        let order = { (value: FormValue) in syntax == .toml ? value.keysSorted : value }
        let back = spliced.flatMap { try? read(text: $0, file: file) }
        // Read back as the very values saved: nothing the whole text could do better (the
        // usual case; it spares writing the whole text and reading it: 0.5 M of a writing
        // save's 2.6 M instructions).
        if let spliced, let back, order(back) == order(value) { return (spliced, true) }
        let whole = try whole(presentable, syntax: syntax)
        // A YAML file's tags (`!Ref`) are not in its values: never written whole.
        let refuseWhole = { () throws(ValuesEditRefusal) in
            if syntax == .yaml, let refusal = ValuesSplice.tagsLost(in: original) { throw refusal }
        }
        guard let spliced else {
            try refuseWhole()
            return (whole, false)
        }
        guard let expected = try? read(text: whole, file: file), let back, order(back) == order(expected)
        else {
            try refuseWhole()
            return (whole, false)
        }
        return (spliced, true)
    }

    /// The value as the file writes it: dates as text, bitfields by title, other keys
    /// beside the properties, absent values left out when ``omitsAbsentValues``.
    private func presentable(_ value: FormValue, syntax: ValuesSyntax) -> FormValue {
        var presenter = ValuesFilePresenter(schema: schema, omitsAbsent: omitsAbsentValues)
        presenter.datesAsText = syntax != .toml
        let presentable = presenter.rewriteValues(value, typeName: typeName)
        if wrapsValue, case .record(let record) = presentable { return record["value"] ?? .null }
        return presentable
    }
}

/// A value in a values file that does not parse for its field: where it is, what it says,
/// and why it was refused.
public struct UnparsedValue: Sendable, Hashable {
    /// The field's path.
    public var path: FormPath
    /// The text as written.
    public var text: String
    /// Why it does not parse.
    public var message: String
    /// Where it is in the file.
    public var mark: SourceMark
}
