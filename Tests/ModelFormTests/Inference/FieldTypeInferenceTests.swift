import Foundation
import ModelForm
import Testing

private enum Size: Int, CaseIterable, Codable {
    case small = 1
    case medium, large
}
private enum Colour: String, CaseIterable, Codable { case red, green }
private struct Flags: FormOptionSet, Codable {
    let rawValue: UInt16
    static let a = Flags(rawValue: 1), b = Flags(rawValue: 2)
    static let formOptions: [(String, Flags)] = [("A", .a), ("B", .b)]
}
private struct Part: Codable { var label = "" }

/// Every Swift type the inference table names, one property each.
private struct Everything: Codable {
    var flag = false
    var count = 0
    var small: Int8 = 0
    var total: UInt = 0
    var tiny: UInt8 = 0
    var ratio = 0.0
    var weight: Float = 0
    var price = Decimal(0)
    var birthday = Date()
    var startTime = Date()
    var createdAt = Date()
    var eventDatetime = Date()
    var homepage = URL(fileURLWithPath: "/")
    var photo = Data()
    var title = ""
    var userPassword = ""
    var emailAddress = ""
    var mobilePhone = ""
    var phoneNumber = ""
    var profileLink = ""
    var websiteURL = ""
    var notes = ""
    var size = Size.small
    var colour: Colour?
    var colours: [Colour] = []
    var colourSet: Set<Colour> = []
    var flags: Flags = []
    var part = Part()
    var parts: [Part] = []
    var tags: [String] = []
    var extra: [String: Int] = [:]
    var byNumber: [Int: String] = [:]
    var maybeCount: Int?
}

@Suite struct FieldTypeInferenceTests {
    @Test(arguments: [
        ("flag", FieldType.boolean), ("count", .integer), ("small", .integer), ("total", .unsigned),
        ("tiny", .unsigned), ("ratio", .float), ("weight", .float), ("price", .number), ("birthday", .date),
        ("startTime", .time), ("createdAt", .dateTime), ("eventDatetime", .dateTime), ("homepage", .url),
        ("photo", .image), ("title", .text), ("userPassword", .password), ("emailAddress", .email),
        ("mobilePhone", .phone), ("phoneNumber", .phone), ("profileLink", .url), ("websiteURL", .url),
        ("notes", .longText), ("size", .options), ("colour", .options), ("colours", .multiSelect),
        ("colourSet", .multiSelect), ("flags", .bitfield), ("part", .subform), ("parts", .collection),
        ("tags", .collection), ("extra", .map), ("byNumber", .label), ("maybeCount", .integer),
    ])
    func fieldTypeFromSwiftType(key: String, type: FieldType) throws {
        let root = ConfigDictionary(try ModelDescription(type: Everything.self)).root
        #expect(root.field(key)?.type == type)
    }

    @Test func declarationOrderIsKept() throws {
        let model = try ModelDescription(type: Everything.self)
        #expect(model.rootEntity?.properties.first?.key == "flag")
        #expect(model.rootEntity?.properties.last?.key == "maybeCount")
        #expect(model.rootEntity?.properties.count == 33)
    }

    @Test func staticTypesOfPropertiesAreRecorded() throws {
        let entity = try #require(try ModelDescription(describing: Everything()).rootEntity)
        #expect(entity.property("small")?.valueType == .integer(bits: 8))
        #expect(entity.property("maybeCount")?.valueType == .optional(.integer(bits: 64)))
        #expect(entity.property("colour")?.valueType.isOptional == true)
        #expect(entity.property("parts")?.valueType == .array(.model("Part")))
        #expect(entity.property("extra")?.valueType == .dictionary(.integer(bits: 64)))
        #expect(entity.property("byNumber")?.valueType == .unsupported("Dictionary<Int, String>"))
    }

    @Test func unsupportedTypesAreReadOnlyLabels() throws {
        let field = try #require(ConfigDictionary(try ModelDescription(type: Everything.self)).root.field("byNumber"))
        #expect(field.readOnly)
    }

    @Test func collectionsCarryATemplate() throws {
        let root = ConfigDictionary(try ModelDescription(type: Everything.self)).root
        let parts = try #require(root.field("parts"))
        #expect(parts.template?.type == .subform)
        #expect(parts.template?.relationship == Relationship(target: "Part", cardinality: .toOne))
        #expect(parts.relationship == Relationship(target: "Part", cardinality: .toMany))
        #expect(root.field("tags")?.template?.type == .text)
        #expect(root.field("colours")?.template == nil)
    }

    @Test func customNameRulesExtendInference() throws {
        var inference = FieldInference.standard
        inference.nameRules.insert(.init(suffixes: ["title"], type: .longText), at: 0)
        let root = ConfigDictionary(try ModelDescription(type: Everything.self), inference: inference).root
        #expect(root.field("title")?.type == .longText)
    }

    @Test(arguments: [
        ("size", OptionStorage.value, FieldType.options),
        ("colours", .value, .multiSelect),
        ("flags", .bits, .bitfield),
    ])
    func optionStorageOfInferredFields(key: String, storage: OptionStorage, type: FieldType) throws {
        let field = try #require(ConfigDictionary(try ModelDescription(type: Everything.self)).root.field(key))
        #expect(field.type == type)
        #expect(field.optionStorage == storage)
    }

    @Test func numericFieldWithTextOptionsStoresTheIndex() {
        let options = ["Low", "High"].map { FieldOption(value: .string($0), title: $0) }
        let byIndex = Field(key: "level", type: .options, options: options, valueType: .integer(bits: 64))
        #expect(byIndex.optionStorage == .index)
        let numeric = [10, 15].map { FieldOption(value: .int($0), title: "\($0)") }
        let byValue = Field(key: "level", type: .options, options: numeric, valueType: .integer(bits: 64))
        #expect(byValue.optionStorage == .value)
        let textual = Field(key: "level", type: .options, options: options, valueType: .string)
        #expect(textual.optionStorage == .value)
        let multi = Field(key: "levels", type: .multiSelect, options: options, valueType: .array(.integer(bits: 64)))
        #expect(multi.optionStorage == .index)
    }

    /// Text options on a numeric property (or a list of numbers), through optionals and
    /// one-value wrappers, are stored by index; any other property stores the option's value.
    @Test(arguments: [
        (ValueType.optional(.integer(bits: 64)), OptionStorage.index),
        (.singleValue("Level", .optional(.float(bits: 64))), .index),
        (.optional(.set(.optional(.decimal))), .index),
        (.array(.unsigned(bits: 8)), .index),
        (.array(.string), .value),
        (.dictionary(.integer(bits: 64)), .value),
        (.optional(.string), .value),
    ])
    func textOptionsOnNumbersAreStoredByIndex(valueType: ValueType, storage: OptionStorage) {
        let options = ["Low", "High"].map { FieldOption(value: .string($0), title: $0) }
        let field = Field(key: "level", type: .options, options: options, valueType: valueType)
        #expect(field.optionStorage == storage)
        #expect(Field(key: "level", type: .options, valueType: valueType).optionStorage == .value)
    }

    @Test func integerEnumOptionValuesAreNumbers() throws {
        let field = try #require(ConfigDictionary(try ModelDescription(type: Everything.self)).root.field("size"))
        #expect(field.options.map(\.value) == [.int(1), .int(2), .int(3)])
    }
}
