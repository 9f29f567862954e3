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

/// Lets the describer see a set's element type, and the encoder tell a set (whose members
/// it sorts) from a list.
protocol SetTypeProtocol {
    static var elementType: Any.Type { get }
}

extension Set: SetTypeProtocol {
    static var elementType: Any.Type { Element.self }
}
