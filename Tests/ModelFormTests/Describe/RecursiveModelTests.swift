import ModelForm
import ModelFormTesting
import Testing

@Suite struct RecursiveModelTests {
    @Test func employeeFromTypeIsDescribedOnce() throws {
        let model = try ModelDescription(type: Employee.self)
        #expect(model.entities.map(\.name) == ["Employee"])
        let employee = try #require(model.rootEntity)
        #expect(employee.property("manager")?.valueType == .optional(.model("Employee")))
        #expect(employee.property("reports")?.valueType == .array(.model("Employee")))
        #expect(
            employee.relationships.map(\.relationship) == [
                Relationship(target: "Employee", cardinality: .toOne),
                Relationship(target: "Employee", cardinality: .toMany),
            ])
    }

    @Test func employeeFromAGraphOfInstances() throws {
        let boss = Employee(name: "Ada")
        let model = try ModelDescription(
            describing: Employee(name: "Bob", manager: boss, reports: [Employee(name: "Cy")]))
        #expect(model == (try ModelDescription(type: Employee.self)))
    }

    @Test func personWithFriends() throws {
        let friends = [Person(name: "B", friends: [Person(name: "C")])]
        let model = try ModelDescription(describing: Person(name: "A", friends: friends))
        #expect(model.entities.map(\.name) == ["Person"])
        let configs = ConfigDictionary(model)
        let field = try #require(configs.root.field("friends"))
        #expect(field.type == .collection)
        #expect(configs.destination(of: field)?.typeName == "Person")
    }

    @Test func nestedEntitiesAreListedInTheOrderFirstReached() throws {
        let model = try ModelDescription(type: RegistrationForm.self)
        #expect(model.entities.map(\.name) == ["RegistrationForm", "Address"])
    }

    @Test func navigatingFollowsAReplacedConfig() throws {
        var configs = ConfigDictionary(try ModelDescription(type: RegistrationForm.self))
        var lookup = try #require(configs["Address"])
        lookup.order(["city"])
        try lookup.update("city") { $0.title = "Town" }
        configs.replace(lookup)
        let address = try #require(configs.root.field("address"))
        let destination = try #require(configs.destination(of: address))
        #expect(destination.fields.map(\.title) == ["Town"])
        #expect(configs[Address.self]?.fields.count == 1)
    }

    @Test func recursiveNavigationReachesTheReplacementToo() throws {
        var configs = ConfigDictionary(try ModelDescription(type: Employee.self))
        try configs[Employee.self]?.exclude(["salary"])
        let manager = try #require(configs.root.field("manager"))
        let managerForm = try #require(configs.destination(of: manager))
        #expect(managerForm.field("salary") == nil)
        let reports = try #require(managerForm.field("reports"))
        #expect(configs.destination(of: reports)?.field("salary") == nil)
    }
}
