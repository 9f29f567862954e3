/// An employee with a manager and reports: a class that refers to itself, to-one and to-many.
public final class Employee: Codable, Hashable, Sendable {
    public let name: String
    public let salary: Double
    public let manager: Employee?
    public let reports: [Employee]

    /// An employee.
    public init(name: String = "", salary: Double = 0, manager: Employee? = nil, reports: [Employee] = []) {
        self.name = name
        self.salary = salary
        self.manager = manager
        self.reports = reports
    }

    public static func == (lhs: Employee, rhs: Employee) -> Bool {
        lhs.name == rhs.name && lhs.salary == rhs.salary && lhs.manager == rhs.manager && lhs.reports == rhs.reports
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(salary)
    }
}

/// A person with friends: a recursive to-many relationship in a struct.
public struct Person: Codable, Hashable, Sendable {
    public var name = ""
    public var friends: [Person] = []

    /// A person.
    public init(name: String = "", friends: [Person] = []) {
        self.name = name
        self.friends = friends
    }
}
