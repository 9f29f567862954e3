import ModelForm
import ModelFormTesting
import Testing

private struct Crew: Codable, Equatable {
    var name = ""
    var lead: Person?
    var members: [Person] = []
    var tags: [String] = []
    var scores: [[Int]] = []
}

/// The walks every descent is made of: the shape of a field, the walk of paths, the walk of
/// values (in the form's order) and the rewrite of values (in the data's order).
@Suite struct WalkTests {
    private let crew = Crew(
        name: "Night", lead: Person(name: "Ann"), members: [Person(name: "Ben", friends: [Person(name: "Cy")])],
        tags: ["a", "b"], scores: [[1, 2]])

    private func configs() throws -> ConfigDictionary { ConfigDictionary(try ModelDescription(type: Crew.self)) }

    @Test(arguments: [
        ("name", FieldShape.single), ("lead", .record(target: "Person")), ("members", .records(target: "Person")),
        ("tags", .items), ("scores", .items),
    ])
    func everyFieldHasOneShape(key: String, shape: FieldShape) throws {
        #expect(try configs().field(at: FormPath(parsing: key), in: "Crew").shape == shape)
    }

    @Test func aListsItemFieldIsItsTemplateOrARecordOfItsTarget() throws {
        let configs = try configs()
        #expect(try configs.field(at: "members", in: "Crew").itemField?.shape == .record(target: "Person"))
        #expect(try configs.field(at: "scores", in: "Crew").itemField?.shape == .items)
        #expect(try configs.field(at: "name", in: "Crew").itemField == nil)
        var members = try configs.field(at: "members", in: "Crew")
        members.template = nil
        #expect(members.itemField?.shape == .record(target: "Person"))
    }

    @Test(arguments: [
        ("members[0].friends[3].name", "name"), ("lead.name", "name"), ("scores[0][1]", nil), ("tags[0]", nil),
    ])
    func aPathWalksToTheFieldItNames(path: String, key: String?) throws {
        var walker = PlainFieldPathWalker()
        let field = try configs().walkPath(FormPath(parsing: path), in: "Crew", with: &walker).get()
        #expect(field.key == key)
    }

    @Test func aPathThatNamesNothingSaysWhereItStopped() throws {
        let configs = try configs()
        var walker = PlainFieldPathWalker()
        func stop(_ path: String) throws -> FieldPathStop? {
            guard case .failure(let stop) = configs.walkPath(try FormPath(parsing: path), in: "Crew", with: &walker)
            else { return nil }
            return stop
        }
        guard case .noFields(let field)? = try stop("name.first") else {
            Issue.record("name.first")
            return
        }
        #expect(field.key == "name")
        guard case .unknownKey("nick", let config)? = try stop("lead.nick") else {
            Issue.record("nick")
            return
        }
        #expect(config.typeName == "Person")
        guard case .notAList(let named)? = try stop("name[0]") else {
            Issue.record("name[0]")
            return
        }
        #expect(named?.key == "name")
        guard case .unknownType("Nobody") = configs.walkPath("x", in: "Nobody", with: &walker).failure else {
            Issue.record("Nobody")
            return
        }
    }

    @Test func theValueWalkVisitsRecordsAndFieldsInFormOrderWithTheirPaths() throws {
        struct Visits: ValueWalker {
            var log: [String] = []
            mutating func visitRecord(typeName: String, path: FormPath, value: FormValue) {
                log.append("\(typeName)@\(path)")
            }
            mutating func visitField(_ field: Field, at index: Int?, in visit: ValueVisit) -> Bool {
                if field.relationship != nil { log.append(visit.path(of: field).description) }
                return true
            }
            func enters(_ path: FormPath) -> Bool { path.description != "members[0].friends[0]" }
        }
        var walker = Visits()
        try configs().walkValues(FormValueEncoder().encode(crew), typeName: "Crew", with: &walker)
        #expect(
            walker.log == [
                "Crew@", "lead", "Person@lead", "lead.friends", "members", "Person@members[0]",
                "members[0].friends",
            ])
    }

    /// The writable walk: in the form's order, by shape, each record's rules reading it as
    /// found, keys keeping their places, and nothing rebuilt where nothing changed.
    @Test func theValueEditEditsInPlaceAndRebuildsOnlyWhatChanged() throws {
        struct Shouting: ValueEditor {
            var met: [String] = []
            var namesSeenAfterTheirEdit: [String] = []
            mutating func edit(_ field: Field, at index: Int?, in visit: ValueVisit) -> ValueEdit {
                met.append(visit.path(of: field).description)
                switch field.key {
                case "name":
                    guard case .string(let text) = visit.value(at: index) else { return .keep }
                    return .set(.string(text.uppercased()))
                case "tags": return .remove
                case "scores": return .set(.list([.list([.int(3)])]))
                default:
                    namesSeenAfterTheirEdit.append(visit.record["name"]?.plainText ?? "-")
                    return .enter
                }
            }
            func enters(_ path: FormPath) -> Bool { path.description != "members[0].friends[0]" }
        }
        let configs = try configs()
        var values = try FormValueEncoder().encode(crew)
        var editor = Shouting()
        configs.editValues(&values, typeName: "Crew", with: &editor)
        #expect(
            editor.met == [
                "name", "lead", "lead.name", "lead.friends", "members", "members[0].name", "members[0].friends",
                "tags", "scores",
            ])
        #expect(editor.namesSeenAfterTheirEdit == ["Night", "Ann", "Night", "Ben"], "rules read the record as found")
        #expect(values["name"] == .string("NIGHT") && values["lead.name"] == .string("ANN"))
        #expect(values["members[0].name"] == .string("BEN"))
        #expect(values["members[0].friends[0].name"] == .string("Cy"), "not entered")
        #expect(values["tags"] == nil && values["scores"] == .list([.list([.int(3)])]))
        guard case .record(let record) = values else { return }
        #expect(record.keys == ["name", "lead", "members", "scores"], "keys keep their places")

        struct Keeping: ValueEditor {
            var met = 0
            mutating func edit(_ field: Field, at index: Int?, in visit: ValueVisit) -> ValueEdit {
                met += 1
                return .enter
            }
        }
        var kept = values
        var keeping = Keeping()
        configs.editValues(&kept, typeName: "Crew", with: &keeping)
        #expect(kept == values && keeping.met == 11, "5 in the crew (tags, absent, too), 2 in each of 3 people")
    }

    @Test func theRewriteKeepsTheDatasOrderAndKeysNoFormDescribes() throws {
        struct Shouting: ValueRewriter {
            let configs: ConfigDictionary
            func field(_ key: String, in typeName: String) -> Field? { configs[typeName]?.field(key) }
            func rewrite(_ value: FormValue, field: Field?) -> FormValue {
                guard case .string(let text) = value else { return value }
                return .string(field == nil ? "?" + text : text.uppercased())
            }
            func keeps(_ value: FormValue, field: Field?) -> Bool { field?.key != "tags" }
            func alternative(of field: Field, for value: FormValue) -> AlternativeMatch {
                configs.alternative(of: field, for: value)
            }
        }
        let values: FormValue = .record([
            "extra": .record(["x": .string("free")]), "name": .string("night"),
            "lead": .record(["name": .string("ann")]),
            "tags": .list([.string("a")]), "members": .list([.record(["name": .string("ben")])]),
        ])
        let rewritten = Shouting(configs: try configs()).rewriteValues(values, typeName: "Crew")
        #expect(
            rewritten
                == .record([
                    "extra": .record(["x": .string("?free")]), "name": .string("NIGHT"),
                    "lead": .record(["name": .string("ANN")]), "members": .list([.record(["name": .string("BEN")])]),
                ]))
        guard case .record(let record) = rewritten else { return }
        #expect(record.pairs.map(\.0) == ["extra", "name", "lead", "members"])
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
