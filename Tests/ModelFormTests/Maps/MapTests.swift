import Foundation
import ModelForm
import Testing

private struct Address: Codable, Equatable {
    var street = ""
    var city = ""
}

private struct Manifest: Codable, Equatable {
    var name = ""
    var scripts: [String: String] = [:]
    var ports: [String: Int] = [:]
    var offices: [String: Address] = [:]
    var matrix: [String: [String]] = [:]
    var limits: [String: [String: Int]] = [:]
}

private let manifest = Manifest(
    name: "demo", scripts: ["build": "swift build", "build:prod": "swift build -c release"], ports: ["http": 80],
    offices: ["HQ": Address(street: "1 Main St", city: "Oslo")], matrix: ["os": ["linux", "mac"]])

/// Maps (`[String: T]`): inferred from Swift, walked by path, edited through `Form` (typed,
/// as text, as an HTML submission) and committed back through `Codable`.
@Suite struct MapTests {
    @Test func aStringKeyedDictionaryIsAMapWithATemplate() throws {
        let configs = ConfigDictionary(try ModelDescription(type: Manifest.self))
        let scripts = try #require(configs.root.field("scripts"))
        #expect(scripts.type == .map)
        #expect(scripts.valueType == .dictionary(.string))
        #expect(scripts.template?.type == .text)
        let offices = try #require(configs.root.field("offices"))
        #expect(offices.template?.relationship == Relationship(target: "Address", cardinality: .toOne))
        #expect(try configs.field(at: #"offices["HQ"].city"#, in: "Manifest").key == "city")
        #expect(try configs.field(at: "matrix.os[1]", in: "Manifest").type == .text)
    }

    @Test(arguments: [
        ("scripts.build", "swift build"),
        (#"scripts["build:prod"]"#, "swift build -c release"),
        ("ports.http", "80"),
        (#"offices["HQ"].city"#, "Oslo"),
        ("matrix.os[1]", "mac"),
    ])
    func valuesAreFoundByPath(_ path: String, _ text: String) throws {
        let form = try Form(editing: manifest)
        #expect(form.value(at: try FormPath(parsing: path))?.plainText == text)
    }

    @Test func entriesAreEditedAddedRenamedAndRemoved() throws {
        var form = try Form(editing: manifest)
        try form.setText("make", at: #"scripts["build:prod"]"#)
        try form.setText("8080", at: "ports.http")
        let added = try form.addEntry("test", to: "scripts")
        #expect(added == "scripts.test")
        try form.setText("swift test", at: added)
        let renamed = try form.renameEntry(at: "scripts.build", to: "compile")
        #expect(renamed == "scripts.compile")
        try form.removeItem(at: #"scripts["build:prod"]"#)
        let office = try form.addEntry("Branch office", to: "offices")
        try form.setText("Bergen", at: office.appending(key: "city"))
        let saved = try form.commit()
        #expect(saved.scripts == ["compile": "swift build", "test": "swift test"])
        #expect(saved.ports == ["http": 8080])
        #expect(saved.offices["Branch office"] == Address(street: "", city: "Bergen"))
        // A rename keeps the entry's place: the data's order is the map's.
        guard case .record(let scripts)? = form.values[FormPath("scripts")] else {
            Issue.record("scripts is not a record")
            return
        }
        #expect(scripts.keys == ["compile", "test"])
    }

    @Test(arguments: [
        ("", "a key cannot be empty"),
        ("build", #"the key "build" is taken"#),
    ])
    func aNewKeyMustBeNewAndNotEmpty(_ key: String, _ message: String) throws {
        var form = try Form(editing: manifest)
        #expect(throws: FormError.self) { try form.addEntry(key, to: "scripts") }
        do {
            try form.renameEntry(at: #"scripts["build:prod"]"#, to: key)
            Issue.record("renamed to '\(key)'")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
        #expect(form.values == (try Form(editing: manifest)).values)
    }

    /// A typed value set whole is checked entry by entry against the map's value type: a map
    /// of numbers, of records, of lists; a wrong entry is named by its path.
    @Test func aWholeMapIsSetAsATypedValueAndCheckedEntryByEntry() throws {
        var form = try Form(editing: manifest)
        try form.setValue(["https": 443, "http": 8080] as [String: Int], at: "ports")
        try form.setValue(["Lab": Address(street: "2 Side St", city: "Bergen")], at: "offices")
        try form.setValue(["os": ["linux"], "swift": ["6.0", "6.1"]], at: "matrix")
        let committed = try form.commit()
        #expect(committed.ports == ["https": 443, "http": 8080])
        #expect(committed.offices == ["Lab": Address(street: "2 Side St", city: "Bergen")])
        #expect(committed.matrix == ["os": ["linux"], "swift": ["6.0", "6.1"]])
        try form.setValue(.record(["web": .int(80), "admin": .uint(9000)]), at: "ports")
        #expect(form.value(at: "ports") == .record(["web": .int(80), "admin": .int(9000)]), "in order, as Int")
        #expect(throws: FormError.self) { try form.setValue(.list([.int(1)]), at: "ports") }
        do {
            try form.setValue(.record(["http": .string("eighty")]), at: "ports")
            Issue.record("a text entry in a map of numbers was taken")
        } catch {
            #expect(error.fieldErrors.map(\.path) == [#"ports.http"#])
        }
    }

    @Test func anHTMLSubmissionRenamesSwapsAddsAndEdits() throws {
        var form = try Form(editing: manifest)
        let action = try form.apply(pairs: [
            ("_key:scripts.build", "build:prod"), (#"_key:scripts["build:prod"]"#, "build"),
            ("scripts[build]", "swift build -v"), ("offices[HQ][city]", "Trondheim"), ("_key:offices.HQ", "HQ"),
            ("_newkey:scripts", "lint"), ("_newkey:offices", ""), ("_action", "add:scripts"),
        ])
        // The add button with the key typed beside it adds that entry.
        #expect(action == .addEntry("scripts.lint"))
        #expect(form.value(at: "scripts.lint") == .string(""))
        // Values bind by the keys the page drew, then the keys change: a swap is one rename.
        #expect(form.value(at: #"scripts["build:prod"]"#) == .string("swift build -v"))
        #expect(form.value(at: "scripts.build") == .string("swift build -c release"))
        #expect(form.value(at: #"offices["HQ"].city"#) == .string("Trondheim"))
    }

    @Test(arguments: [
        ([("scripts[nope]", "1")], "is not an entry of this map"),
        ([("offices[Nowhere][city]", "x")], "is not an entry of this map"),
        ([("_key:scripts.build", "")], "a key cannot be empty"),
        ([("_key:scripts.build", "build:prod")], "is taken"),
        ([("_action", "add:scripts")], "type the new entry's key"),
        ([("_key:scripts.gone", "x")], "is not an entry of this map"),
        (
            [
                ("_key:scripts.build", "build"), (#"_key:scripts["build:prod"]"#, "build:prod"),
                ("_newkey:scripts", "build"), ("_action", "add:scripts"),
            ], #"the key "build" is taken"#
        ),
    ])
    func aSubmissionCannotInventOrBreakEntries(_ pairs: [(String, String)], _ message: String) throws {
        var form = try Form(editing: manifest)
        let before = form.values
        do {
            _ = try form.apply(pairs: pairs.map { (name: $0.0, value: $0.1) })
            Issue.record("accepted \(pairs)")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
        #expect(form.values == before)
        // The page drawn again says why.
        #expect(form.errors.contains { $0.message.contains(message) }, "\(form.errors)")
    }

    @Test func anEntryThatIsAMapIsRenamedAndAddedToApart() throws {
        var nested = manifest
        nested.limits = ["a": ["x": 1]]
        var form = try Form(editing: nested)
        // The entry `a` of `limits` is itself a map: its rename input and its new-key input differ.
        let action = try form.apply(pairs: [
            ("_key:limits.a", "b"), ("_key:limits.a.x", "x"), ("_newkey:limits.a", "y"), ("_newkey:limits", ""),
            ("_action", "add:limits.a"),
        ])
        // The button's path follows the rename made in the same submission.
        #expect(action == .addEntry("limits.b.y"))
        #expect(form.value(at: "limits.b") == .record(["x": .int(1), "y": .int(0)]))
    }

    /// A page drawn after an add or a removal that was not saved yet comes back with the
    /// entries it drew (each with its `_key:` input): the map holds just those.
    @Test func aSubmissionKeepsTheEntriesThePageDrew() throws {
        var form = try Form(editing: manifest)
        try form.apply(pairs: [
            ("_key:scripts.build", "build"), ("_key:scripts.lint", "lint"), ("scripts[lint]", "swiftlint"),
            ("_newkey:scripts", ""),
        ])
        #expect(form.value(at: "scripts") == .record(["build": .string("swift build"), "lint": .string("swiftlint")]))
        // Without its new-key input the page did not draw the map whole: nothing is removed.
        var partial = try Form(editing: manifest)
        try partial.apply(pairs: [("scripts[build]", "make")])
        #expect(partial.value(at: #"scripts["build:prod"]"#) == .string("swift build -c release"))
        // A new entry's key must be one a new entry may have.
        do {
            try form.apply(pairs: [
                ("_key:scripts.build", "build"), ("_key:scripts[\"\"]", ""), ("_newkey:scripts", ""),
            ])
            Issue.record("added an empty key")
        } catch {
            #expect("\(error)".contains("a key cannot be empty"), "\(error)")
        }
    }

    @Test func theValueWalkVisitsEntriesInTheDataOrder() throws {
        let form = try Form(editing: manifest)
        var walker = PathCollector()
        form.configs.walkValues(form.values, typeName: form.typeName, with: &walker)
        #expect(walker.paths.contains(#"scripts["build:prod"]"#))
        #expect(walker.paths.contains("offices.HQ.city"))
        #expect(walker.records == ["", "offices.HQ"])
        // A Swift dictionary's entries come sorted by key (it has no order of its own).
        #expect(walker.paths.prefix(4) == ["name", "scripts", "scripts.build", #"scripts["build:prod"]"#])
    }

    @Test func aMapCountsItsEntriesForLengthRules() throws {
        var configs = ConfigDictionary(try ModelDescription(type: Manifest.self))
        var root = configs.root
        let position = try #require(root.fields.firstIndex { $0.key == "ports" })
        root.fields[position].rules = [ValidationRule(.length(min: 2, max: nil))]
        configs.replace(root)
        var form = try Form(editing: manifest, configs: configs)
        #expect(form.validate().map(\.message) == ["must be at least 2 entries"])
    }
}

private struct PathCollector: ValueWalker {
    var paths: [String] = []
    var records: [String] = []
    mutating func visitRecord(typeName: String, path: FormPath, value: FormValue) {
        records.append(path.description)
    }
    mutating func visitField(_ field: Field, at index: Int?, in visit: ValueVisit) -> Bool {
        paths.append(visit.path(of: field).description)
        return true
    }
}
