extension ConfigDictionary {
    /// Infers a config for every entity of the model.
    package init(_ model: ModelDescription, inference: FieldInference = .standard) {
        self.init(
            model: model,
            configs: model.entities.map { entity in
                var config = inference.config(for: entity)
                for index in config.fields.indices {
                    guard var valueType = config.fields[index].valueType else { continue }
                    if case .optional(let wrapped) = valueType { valueType = wrapped }
                    // A to-many lookup (`[Reference<Tag>]`) is a list of ids.
                    if let element = valueType.elementType { valueType = element }
                    if case .singleValue(let name, _) = valueType { config.fields[index].lookup = model.lookups[name] }
                }
                return config
            })
    }
}
