import ModelForm

/// An employee: their address (a subform), the department they are in (a lookup), their
/// manager (a lookup to another employee) and their skills (a to-many lookup).
public struct Employee: Codable, Sendable, Equatable {
    public var name: String
    public var email: String
    public var age: Int
    public var address: Address
    public var department: Reference<Department>?
    public var manager: Reference<Employee>?
    public var skills: [Reference<Skill>]

    public init(
        name: String = "", email: String = "", age: Int = 18, address: Address = Address(),
        department: Reference<Department>? = nil, manager: Reference<Employee>? = nil,
        skills: [Reference<Skill>] = []
    ) {
        self.name = name
        self.email = email
        self.age = age
        self.address = address
        self.department = department
        self.manager = manager
        self.skills = skills
    }
}

public struct Address: Codable, Sendable, Equatable {
    public var street: String
    public var city: String

    public init(street: String = "", city: String = "") {
        self.street = street
        self.city = city
    }
}

/// A department, shown by its name wherever an employee refers to it.
public struct Department: Codable, Sendable, Equatable {
    public var name: String
    public var floor: Int?

    public init(name: String = "", floor: Int? = nil) {
        self.name = name
        self.floor = floor
    }
}

/// A skill, offered as one of an employee's many.
public struct Skill: Codable, Sendable, Equatable {
    public var name: String

    public init(name: String = "") { self.name = name }
}
