/// Lets the describer see a dictionary's key and value types, and the encoder tell a
/// dictionary (whose entries it sorts) from a model.
protocol DictionaryTypeProtocol {
    static var keyType: Any.Type { get }
    static var valueType: Any.Type { get }
}

extension Dictionary: DictionaryTypeProtocol {
    static var keyType: Any.Type { Key.self }
    static var valueType: Any.Type { Value.self }
}
