import ModelForm
import ModelFormTesting
import Testing

private struct Team: Codable, Equatable {
    var name = ""
    var lead: Person?
    var members: [Person] = []
    var tags: [String] = []
}

@Suite struct RelationshipEditingTests {
    private func teamSession(sortable: Bool = true) throws -> FormSession {
        let team = Team(name: "A", members: [Person(name: "Ann"), Person(name: "Ben"), Person(name: "Cy")])
        var configs = ConfigDictionary(try ModelDescription(type: Team.self))
        try configs["Team"]?.update("members") { $0.sortable = sortable }
        try configs["Person"]?.update("name") { $0.rules = [.init(.required)] }
        return try FormSession(editing: team, configs: configs)
    }

    @Test func aNilToOneIsInstantiatedOnDemand() throws {
        var session = try teamSession()
        var lead = try session.child(at: "lead")
        #expect(lead.typeName == "Person")
        #expect(lead.values == .record(["name": .string(""), "friends": .list([])]))
        try lead.setText("Dee", at: "name")
        try session.merge(lead)
        #expect(try session.commit(as: Team.self).lead == Person(name: "Dee"))
    }

    @Test func cancelInTheChildLeavesTheParentUntouched() throws {
        let session = try teamSession()
        let before = session.values
        var member = try session.child(at: "members[1]")
        try member.setText("Bea", at: "name")
        member.cancel()
        #expect(member.value(at: "name") == .string("Ben"))
        #expect(session.values == before)
    }

    @Test func childChangesReachTheParentsCommit() throws {
        var session = try teamSession()
        var member = try session.child(at: "members[1]")
        try member.setText("Bea", at: "name")
        try session.merge(member)
        #expect(session.changedValues == ["members[1].name": .string("Bea")])
        #expect(try session.commit(as: Team.self).members.map(\.name) == ["Ann", "Bea", "Cy"])
    }

    @Test func anInvalidChildIsNotMerged() throws {
        var session = try teamSession()
        var member = try session.child(at: "members[0]")
        try member.setText("", at: "name")
        #expect(
            throws: FormError.validationFailed([
                FieldError(path: "members[0].name", rule: "required", message: "is required")
            ])
        ) {
            try session.merge(member)
        }
        #expect(session.value(at: "members[0].name") == .string("Ann"))
    }

    @Test func addRemoveAndMoveItems() throws {
        var session = try teamSession()
        let added = try session.addItem(to: "members")
        #expect(added == "members[3]")
        try session.setText("Dee", at: "members[3].name")
        try session.removeItem(at: "members[0]")
        try session.moveItem(at: "members[2]", to: 0)
        try session.perform(.moveDown("members[0]"))
        try session.addItem(to: "tags")
        try session.setText("red", at: "tags[0]")
        let team = try session.commit(as: Team.self)
        #expect(team.members.map(\.name) == ["Ben", "Dee", "Cy"])
        #expect(team.tags == ["red"])
    }

    @Test func moveNeedsASortableCollection() throws {
        var session = try teamSession(sortable: false)
        #expect(throws: FormError.notEditable("members", "the collection is not sortable")) {
            try session.moveItem(at: "members[1]", to: 0)
        }
        #expect(throws: FormError.invalidPath("members[7]", "there is no item 7")) {
            try session.removeItem(at: "members[7]")
        }
        #expect(throws: FormError.notEditable("name", "it is not a collection")) { try session.addItem(to: "name") }
    }

    @Test func recursivePathsResolveThroughTheSameConfigs() throws {
        let person = Person(name: "A", friends: [Person(name: "B", friends: [Person(name: "C")])])
        var session = try FormSession(editing: person)
        try session.setText("Cee", at: "friends[0].friends[0].name")
        #expect(try session.commit(as: Person.self).friends[0].friends[0].name == "Cee")
    }
}
