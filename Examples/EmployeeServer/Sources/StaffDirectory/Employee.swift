/// The example's model: an employee and their address (a page of its own in the browser).
public struct Employee: Codable, Sendable, Equatable {
    public var name: String
    public var email: String
    public var age: Int
    public var address: Address

    public init(
        name: String = "Ada Lovelace", email: String = "ada@example.com", age: Int = 36, address: Address = Address()
    ) {
        self.name = name
        self.email = email
        self.age = age
        self.address = address
    }
}

public struct Address: Codable, Sendable, Equatable {
    public var street: String
    public var city: String

    public init(street: String = "12 St James's Square", city: String = "London") {
        self.street = street
        self.city = city
    }
}
