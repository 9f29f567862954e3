import Foundation
import ModelForm
import ModelFormTesting
import Testing

/// Values stored as the model means them: a choice once, a new relationship whole, a field
/// type of one's own parsed as the value it edits, a `Duration` never edited by its parts.
@Suite struct ValueDefectTests {
    struct Post: Codable {
        var tags: [Tag] = []
        var labels: Set<Tag> = []
    }
    enum Tag: String, Codable, CaseIterable { case swift, rust }

    /// A record's summary reads its numbers and options too (`180, C`, not `C`).
    @Test func aSummaryReadsNumbersAndOptions() throws {
        enum Scale: String, Codable, CaseIterable {
            case c = "C"
            case f = "F"
        }
        struct Reading: Codable {
            var degrees = 180
            var scale = Scale.c
        }
        struct Log: Codable { var reading = Reading() }
        let form = try Form(editing: Log())
        let display = FieldDisplay(configs: form.configs)
        #expect(display.summary(form.values["reading"] ?? .null, field: try form.field(at: "reading")) == "180, C")
    }

    @Test func aMultiSelectKeepsEachChoiceOnce() throws {
        var form = try Form(editing: Post())
        try form.apply(submission: "tags=swift&tags=swift&tags=rust&tags=swift&labels=rust&labels=rust")
        #expect(form.values["tags"] == .list([.string("swift"), .string("rust")]))
        #expect(form.values["labels"] == .list([.string("rust")]))
        try form.setText("rust,swift,rust", at: "tags")
        #expect(form.values["tags"] == .list([.string("rust"), .string("swift")]))
    }

    @Test func anEditIntoAnAbsentOptionalRelationshipMakesAWholeRecord() throws {
        let configs = ConfigDictionary(
            ModelDescription(
                root: "Event",
                entities: [
                    EntityDescription(
                        name: "Event",
                        properties: [
                            PropertyDescription(key: "name", valueType: .string),
                            PropertyDescription(key: "venue", valueType: .optional(.model("Venue"))),
                        ]),
                    EntityDescription(
                        name: "Venue",
                        properties: [
                            PropertyDescription(key: "name", valueType: .string),
                            PropertyDescription(key: "city", valueType: .string),
                            PropertyDescription(key: "seats", valueType: .integer(bits: 64)),
                        ]),
                ]))
        // The values file leaves the optional venue out altogether.
        var form = Form(values: .record(["name": .string("Launch")]), configs: configs)
        try form.setText("Lisbon", at: "venue.city")
        #expect(form.values["venue"] == .record(["name": .string(""), "city": .string("Lisbon"), "seats": .int(0)]))
    }

    struct Workout: Codable {
        var minutes = 0
        var rate = 0.0
    }

    @Test func aFieldTypeOfOnesOwnParsesAsItsValueType() throws {
        var form = try Form(editing: Workout())
        try form.configs[Workout.self]?.update("minutes") { $0.type = "minutes" }
        try form.configs[Workout.self]?.update("rate") { $0.type = "bpm" }
        try form.setText("55", at: "minutes")
        try form.setText("1.5", at: "rate")
        #expect(form.values["minutes"] == .int(55) && form.values["rate"] == .double(1.5))
        #expect(throws: FormError.self) { try form.setText("abc", at: "minutes") }
        let saved: Workout = try form.commit()
        #expect(saved.minutes == 55)
    }

    struct Timer: Codable {
        var name = "tea"
        var steep: Duration = .seconds(180)
    }

    @Test func aDurationIsShownReadOnlyNotAsItsPrivateParts() throws {
        var form = try Form(editing: Timer())
        let field = try form.field(at: "steep")
        #expect(field.readOnly)
        #expect(form.configs.typeNames.allSatisfy { !$0.contains("Duration") }, "no subform of its _low/_high fields")
        #expect(throws: FormError.self) { try form.setText("1", at: "steep") }
        let saved: Timer = try form.commit()
        #expect(saved.steep == .seconds(180))
    }
}
