extension Form where Model: Codable {
    /// A form editing a `Codable` value; its forms are inferred from the type (its coding
    /// keys, with the value for the types that cannot be probed), falling back to the
    /// instance's properties when the type cannot be probed at all. A type that encodes
    /// itself as one value is one field of that value, and its `Decodable` checks what is
    /// typed there (``Validator/addDecodingCheck(_:)``).
    ///
    /// ```swift
    /// var form = try Form(editing: Employee(name: "Ada"))
    /// ```
    public init(editing model: Model, environment: FormEnvironment = FormEnvironment()) throws
    where Model: SendableMetatype {
        var environment = environment
        Self.addDecodingCheck(to: &environment)
        self.init(session: try FormSession(editing: model, validator: environment.validator), environment: environment)
    }

    /// A form editing a `Codable` value with configs made beforehand.
    public init(editing model: Model, configs: ConfigDictionary, environment: FormEnvironment = FormEnvironment())
        throws where Model: SendableMetatype
    {
        var environment = environment
        Self.addDecodingCheck(to: &environment)
        self.init(
            session: try FormSession(editing: model, configs: configs, validator: environment.validator),
            environment: environment)
    }

    /// The model's own `Decodable` checks the values (``Validator/addDecodingCheck(_:)``).
    private static func addDecodingCheck(to environment: inout FormEnvironment) where Model: SendableMetatype {
        environment.validator.addDecodingCheck(Model.self)
    }

    /// Validates, then returns the values as a `Model`; the new values become the
    /// original. On failure it throws, ``errors`` lists the problems, and nothing changes.
    ///
    /// ```swift
    /// let saved: Employee = try form.commit()
    /// ```
    public mutating func commit() throws(FormError) -> Model {
        pending = nil
        return try session.commit(as: Model.self)
    }
}

extension Form where Model == FormValue {
    /// A form over values with no Swift type: a YAML type definition or any
    /// ``ConfigDictionary`` (the root type unless `typeName` says otherwise).
    ///
    /// ```swift
    /// var form = Form(values: values, configs: configs)  // Form<FormValue>
    /// ```
    public init(
        values: FormValue, configs: ConfigDictionary, typeName: String? = nil,
        environment: FormEnvironment = FormEnvironment()
    ) {
        self.init(
            session: FormSession(
                values: values, configs: configs, typeName: typeName, validator: environment.validator),
            environment: environment)
    }

    /// Validates, then returns the values; the new values become the original.
    public mutating func commit() throws(FormError) -> FormValue {
        pending = nil
        return try session.commit()
    }
}
