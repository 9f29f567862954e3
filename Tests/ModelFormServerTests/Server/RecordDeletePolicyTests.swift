import Foundation
import ModelForm
import ModelFormRecords
import ModelFormSQLite
import ModelFormServer
import ModelFormYAML
import TestFixtures
import Testing

/// A lookup's `onDelete`: `clear` sets the referrers' lookup to nothing (a to-many one loses
/// the id), `cascade` deletes them too (and theirs, by their own lookups), `refuse` (the
/// default) anywhere in that chain refuses the whole delete with nothing changed; the
/// question says what goes and what is cleared before anything does.
@Suite struct RecordDeletePolicyTests {
    struct Department: Codable {
        var name = ""
    }
    struct Employee: Codable {
        var name = ""
        var department: Reference<Department>?
        var manager: Reference<Employee>?
    }
    struct Badge: Codable {
        var code = ""
        var holder: Reference<Employee>?
    }
    struct Project: Codable {
        var title = ""
        var members: [Reference<Employee>] = []
        var lead: Reference<Employee>?
    }
    struct Company: Codable {
        var employee: Employee
        var badge: Badge
        var project: Project
    }

    struct Served {
        var server: RecordServer
        var stores: [String: SQLiteRecordStore]
        func values(_ type: String, _ id: Int64) async throws -> FormValue? {
            try await stores[type]?.load(id: id)?.values
        }
    }

    /// Research (1) holds Ada (1) and Bob (2, managed by Ada); Ada has badge A1, Bob B2;
    /// the project has both as members and no lead unless `lead` is given.
    static func served(
        department: LookupDeletion, manager: LookupDeletion = .cascade, lead: Int64? = nil,
        meanwhile: (@Sendable ([String: SQLiteRecordStore]) async throws -> Void)? = nil
    ) async throws -> Served {
        var configs = try ConfigDictionary(describing: Company.self)
        try configs["Employee"]?.update("department") { $0.onDelete = department }
        try configs["Employee"]?.update("manager") { $0.onDelete = manager }
        try configs["Badge"]?.update("holder") { $0.onDelete = .cascade }
        try configs["Project"]?.update("members") { $0.onDelete = .clear }
        let first = try SQLiteRecordStore(path: ":memory:", typeName: "Department", configs: configs)
        var stores = ["Department": first]
        for type in ["Employee", "Badge", "Project"] {
            stores[type] = try SQLiteRecordStore(sharing: first, typeName: type, configs: configs)
        }
        _ = try await first.insert(.record(["name": .string("Research")]))
        _ = try await #require(stores["Employee"]).insert(.record(["name": .string("Ada"), "department": .int(1)]))
        _ = try await #require(stores["Employee"]).insert(
            .record(["name": .string("Bob"), "department": .int(1), "manager": .int(1)]))
        _ = try await #require(stores["Badge"]).insert(.record(["code": .string("A1"), "holder": .int(1)]))
        _ = try await #require(stores["Badge"]).insert(.record(["code": .string("B2"), "holder": .int(2)]))
        _ = try await #require(stores["Project"]).insert(
            .record([
                "title": .string("Engine"), "members": .list([.int(1), .int(2)]),
                "lead": lead.map(FormValue.int) ?? .null,
            ]))
        let tables = try ["Department", "Employee", "Badge", "Project"].map { type in
            let store = try #require(stores[type])
            guard type == "Department", let meanwhile else { return RecordServer.Table(typeName: type, records: store) }
            return RecordServer.Table(
                typeName: type, records: Meddling(inner: store, meanwhile: { [stores] in try await meanwhile(stores) }))
        }
        return Served(
            server: RecordServer(configs: configs, tables: tables, secret: BrowserSession.secret), stores: stores)
    }

    static func delete(_ path: String, on served: Served) async -> (question: FormResponse, answer: FormResponse) {
        let browser = BrowserSession(served.server)
        let question = await browser.get(path)
        let answer = await browser.post(path, [])
        return (question, answer)
    }

    @Test func clearSetsTheReferrersLookupToNothing() async throws {
        let served = try await Self.served(department: .clear)
        let (question, answer) = await Self.delete("/Department/delete/1", on: served)
        #expect(
            question.text.contains("These records stay, with their reference to a deleted record cleared:"),
            "\(question.text)")
        #expect(
            question.text.contains(
                #"2 records of Employee by Department: <a href="/Employee/1">Ada</a>, <a href="/Employee/2">Bob</a>"#))
        #expect(answer.status == 303, "\(answer.text)")
        #expect(try await served.values("Department", 1) == nil)
        for id: Int64 in [1, 2] {
            let employee = try #require(try await served.values("Employee", id))
            #expect((employee["department"] ?? .null) == .null, "\(employee)")
        }
        #expect(try await served.values("Employee", 2)?["manager"] == .int(1), "the rest kept")
    }

    @Test func cascadeDeletesTheReferrersAndTheirsInTurn() async throws {
        let served = try await Self.served(department: .cascade)
        let (question, answer) = await Self.delete("/Department/delete/1", on: served)
        #expect(
            question.text.contains(
                "Deleting it also deletes these records (they refer to it, or to a record deleted with it):"),
            "\(question.text)")
        #expect(
            question.text.contains(
                #"2 records of Employee by Department: <a href="/Employee/1">Ada</a>, <a href="/Employee/2">Bob</a>"#))
        #expect(
            question.text.contains(
                #"2 records of Badge by Holder: <a href="/Badge/1">A1</a>, <a href="/Badge/2">B2</a>"#))
        #expect(question.text.contains(#"1 record of Project by Members: <a href="/Project/1">Engine</a>"#))
        #expect(answer.status == 303, "\(answer.text)")
        for (type, id) in [("Department", 1), ("Employee", 1), ("Employee", 2), ("Badge", 1), ("Badge", 2)] {
            #expect(try await served.values(type, Int64(id)) == nil, "\(type) \(id)")
        }
        #expect(try await served.values("Project", 1)?["members"] == .list([]), "both taken out of the list")
    }

    @Test func aToManyClearTakesOutOnlyThatId() async throws {
        let served = try await Self.served(department: .refuse, manager: .clear)
        let (_, answer) = await Self.delete("/Employee/delete/1", on: served)
        #expect(answer.status == 303, "\(answer.text)")
        #expect(try await served.values("Project", 1)?["members"] == .list([.int(2)]))
        #expect((try await served.values("Employee", 2)?["manager"] ?? .null) == .null, "Bob's manager cleared")
        #expect(try await served.values("Badge", 1) == nil)
        #expect(try await served.values("Badge", 2) != nil)
    }

    @Test func aRefusalAnywhereInTheChainChangesNothing() async throws {
        let served = try await Self.served(department: .cascade, lead: 2)
        let before = try await (1...2).asyncMap { try await served.values("Employee", $0) }
        let browser = BrowserSession(served.server)
        let question = await browser.get("/Department/delete/1")
        _ = await browser.get("/Department/1")  // a page with a token: the question has no form
        let answer = await browser.post("/Department/delete/1", [("_version", "1")])
        #expect(question.text.contains("“Research” cannot be deleted: other records refer to it."), "\(question.text)")
        #expect(question.text.contains(#"1 record of Project by Lead: <a href="/Project/1">Engine</a>"#))
        #expect(!question.text.contains("<button"), "no delete button")
        #expect(answer.status == 409)
        #expect(try await served.values("Department", 1) != nil)
        #expect(try await (1...2).asyncMap { try await served.values("Employee", $0) } == before)
        #expect(try await served.values("Badge", 1) != nil)
        #expect(try await served.values("Project", 1)?["members"] == .list([.int(1), .int(2)]))
    }

    /// Someone else changes badge B2 between the question and the delete: the cascade is one
    /// transaction, so nothing of it is done.
    @Test func aRecordChangedMeanwhileUndoesTheWholeDelete() async throws {
        let served = try await Self.served(department: .cascade) { stores in
            let badges = try #require(stores["Badge"])
            let b2 = try #require(try await badges.load(id: 2))
            _ = try await badges.update(
                id: 2, with: .record(["code": .string("B2-new"), "holder": .int(2)]), expecting: b2.version)
        }
        let employees = try await (1...2).asyncMap { try await served.values("Employee", $0) }
        let (_, answer) = await Self.delete("/Department/delete/1", on: served)
        #expect(answer.status == 409)
        #expect(answer.text.contains("was changed by someone else meanwhile, so nothing was deleted or changed."))
        #expect(try await served.values("Department", 1) != nil)
        #expect(try await (1...2).asyncMap { try await served.values("Employee", $0) } == employees)
        #expect(try await served.values("Badge", 1)?["code"] == .string("A1"))
        #expect(try await served.values("Badge", 2)?["code"] == .string("B2-new"))
        #expect(try await served.values("Project", 1)?["members"] == .list([.int(1), .int(2)]))
    }

    @Test func recordsThatReferToEachOtherGoTogetherPastTheDatabasesKeys() async throws {
        // Ada manages Bob and Bob manages Ada (manager: cascade, an optional lookup, a foreign
        // key in the table): their lookups are cleared before the deletes.
        let served = try await Self.served(department: .clear)
        let employees = try #require(served.stores["Employee"])
        let ada = try #require(try await employees.load(id: 1))
        _ = try await employees.update(
            id: 1, with: .record(["name": .string("Ada"), "department": .int(1), "manager": .int(2)]),
            expecting: ada.version)
        let (_, answer) = await Self.delete("/Employee/delete/1", on: served)
        #expect(answer.status == 303, "\(answer.text)")
        #expect(try await served.values("Employee", 1) == nil)
        #expect(try await served.values("Employee", 2) == nil)
        #expect(try await served.values("Badge", 1) == nil)
        #expect(try await served.values("Badge", 2) == nil)
    }

    @Test func aRecordThatRefersToItselfDoesNotStopItsOwnDelete() async throws {
        let served = try await Self.served(department: .refuse, manager: .refuse)
        _ = try await #require(served.stores["Employee"]).insert(.record(["name": .string("Cy"), "manager": .int(3)]))
        let (_, answer) = await Self.delete("/Employee/delete/3", on: served)
        #expect(answer.status == 303, "\(answer.text)")
        #expect(try await served.values("Employee", 3) == nil)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["MODELFORM_EXTERNAL_CHECKS"] == "1"))
    func theQuestionPassesNuAndAxe() async throws {
        let served = try await Self.served(department: .cascade)
        let question = await BrowserSession(served.server).get("/Department/delete/1")
        try ExternalCheckers.checkPages([("cascade", question.text)])
    }

    @Test(arguments: [
        (
            "Employee:\n  overrides:\n    name: {onDelete: clear}\n",
            "f.yaml:3:22: error: 'onDelete' is a lookup's setting: 'name' is not a lookup"
        ),
        (
            "Employee:\n  overrides:\n    department: {onDelete: later}\n",
            "'onDelete' is refuse, cascade or clear, not 'later'"
        ),
        ("Badge:\n  overrides:\n    holder: {onDelete: clear, lookup: Employee}\n", nil),
    ])
    func aFormsFileSaysOnDeleteOnALookup(text: String, error: String?) throws {
        var configs = try ConfigDictionary(describing: Company.self)
        if let error {
            let thrown = #expect(throws: (any Error).self) {
                try ConfigLoader().apply(text: text, file: "f.yaml", to: &configs)
            }
            #expect("\(thrown.map { $0 } as Any)".contains(error), "\(thrown.map { $0 } as Any)")
        } else {
            try ConfigLoader().apply(text: text, file: "f.yaml", to: &configs)
            #expect(configs["Badge"]?.field("holder")?.onDelete == .clear)
        }
    }

    @Test func clearOnARequiredLookupIsALocatedError() throws {
        struct Card: Codable { var owner: Reference<Employee> }
        struct Model: Codable {
            var card: Card
            var employee: Employee
        }
        var configs = try ConfigDictionary(describing: Model.self)
        let thrown = #expect(throws: (any Error).self) {
            try ConfigLoader().apply(
                text: "Card:\n  overrides:\n    owner: {onDelete: clear}\n", file: "f.yaml", to: &configs)
        }
        #expect(
            "\(thrown.map { $0 } as Any)".contains(
                "f.yaml:3:23: error: 'onDelete: clear' sets the lookup to nothing, but 'owner' is required"),
            "\(thrown.map { $0 } as Any)")
    }
}

extension ClosedRange where Bound == Int64 {
    func asyncMap<T>(_ transform: (Int64) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for value in self { result.append(try await transform(value)) }
        return result
    }
}

/// A store through which someone else changes records just before a batch is carried out.
private struct Meddling: RecordStore {
    let inner: SQLiteRecordStore
    let meanwhile: @Sendable () async throws -> Void

    func count(_ query: RecordQuery) async throws -> Int { try await inner.count(query) }
    func list(_ query: RecordQuery) async throws -> [StoredRecord] { try await inner.list(query) }
    func load(id: Int64) async throws -> StoredRecord? { try await inner.load(id: id) }
    func insert(_ values: FormValue) async throws -> StoredRecord { try await inner.insert(values) }
    func update(id: Int64, with values: FormValue, expecting version: Int64) async throws -> StoredRecord {
        try await inner.update(id: id, with: values, expecting: version)
    }
    func delete(id: Int64, expecting version: Int64) async throws { try await inner.delete(id: id, expecting: version) }
    func perform(_ changes: [RecordChange]) async throws {
        try await meanwhile()
        try await inner.perform(
            changes.map { change in
                var change = change
                if change.store is Meddling { change.store = inner }
                return change
            })
    }
}
