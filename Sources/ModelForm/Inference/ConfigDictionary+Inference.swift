extension ConfigDictionary {
    /// Infers a config for every entity of the model.
    package init(_ model: ModelDescription, inference: FieldInference = .standard) {
        self.init(model: model, configs: model.entities.map { inference.config(for: $0) })
    }
}
