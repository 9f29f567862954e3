extension ConfigDictionary {
    /// The inferred configs of a Swift value's type and every type it reaches, read through
    /// `Mirror`: properties in declaration order (superclass first), static types even for
    /// `nil` optionals; nested models are read from their values, or probed through
    /// `Decodable` when `nil` or in an empty array.
    ///
    /// ```swift
    /// var configs = try ConfigDictionary(describing: User(email: "a@b.c"))
    /// try configs["User"]?.exclude(["id"])
    /// ```
    public init(describing instance: Any) throws(DescriptionError) {
        self.init(try ModelDescription(describing: instance))
    }

    /// The inferred configs of a `Decodable` type and every type it reaches, without an
    /// instance: its `init(from:)` is run on probe values to record what it asks for
    /// (declaration order for synthesized conformances).
    ///
    /// ```swift
    /// let configs = try ConfigDictionary(describing: User.self)
    /// ```
    public init<T: Decodable>(describing type: T.Type) throws(DescriptionError) {
        self.init(try ModelDescription(type: type))
    }

    /// The inferred configs of a `Codable` type, probed as ``init(describing:)-(T.Type)``
    /// does, with an instance for the types whose decoders refuse every probe value (a
    /// `Temperature` that must read `"180 C"`): those are decoded from the instance's
    /// encoded value instead.
    ///
    /// ```swift
    /// let configs = try ConfigDictionary(describing: Recipe.self, sample: Recipe())
    /// ```
    public init<T: Codable>(describing type: T.Type, sample: T) throws(DescriptionError) {
        self.init(try ModelDescription(type: type, sample: sample))
    }
}
