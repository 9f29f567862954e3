extension ModelDescription {
    /// Describes the type of an instance through `Mirror`: properties in declaration order
    /// (superclass first), static types even for `nil` optionals; nested models are read
    /// from their values, or probed through `Decodable` when `nil` or in an empty array.
    ///
    /// ```swift
    /// let model = try ModelDescription(describing: User(email: "a@b.c"))
    /// ```
    package init(describing instance: Any) throws(DescriptionError) {
        let describer = ModelDescriber()
        let root = try describer.describeInstance(instance)
        self.init(root: root, entities: describer.entities)
        lookups = describer.lookups
    }

    /// Describes a `Decodable` type without an instance, by recording what its
    /// `init(from:)` asks for (declaration order for synthesized conformances).
    ///
    /// ```swift
    /// let model = try ModelDescription(type: User.self)
    /// ```
    package init<T: Decodable>(type: T.Type) throws(DescriptionError) {
        let describer = ModelDescriber()
        let root = try describer.describeType(type)
        self.init(root: root, entities: describer.entities)
        lookups = describer.lookups
    }

    /// Describes a `Codable` type by probing it, as ``init(type:)`` does, with an instance
    /// for the types whose decoders refuse every probe value (a `Temperature` that must
    /// read `"180 C"`): those are decoded from the instance's encoded value instead.
    ///
    /// ```swift
    /// let model = try ModelDescription(type: Recipe.self, sample: Recipe())
    /// ```
    package init<T: Codable>(type: T.Type, sample: T) throws(DescriptionError) {
        let encoded: FormValue
        do { encoded = try FormValueEncoder().encode(sample) } catch {
            throw DescriptionError(path: "", message: "the sample does not encode: \(error)")
        }
        let describer = ModelDescriber(sample: encoded)
        let root = try describer.describeType(type)
        self.init(root: root, entities: describer.entities)
        lookups = describer.lookups
    }
}
