import ModelForm
import Testing

private class Base { var id = 0 }
private final class Derived: Base { var name: String? = nil }
private struct Wrapper: Codable {
    var raw: String
    init(from decoder: any Decoder) throws { raw = try decoder.singleValueContainer().decode(String.self) }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(raw)
    }
}
private struct UsesWrapper: Codable {
    var email: Wrapper
    var note: String?
}
private struct NotCodable { var x = 1 }
private struct HoldsNil { var inner: NotCodable? = nil }
private struct HoldsValue { var inner: NotCodable? = NotCodable() }

@Suite struct DescriptionTests {
    @Test func superclassPropertiesComeFirst() throws {
        let entity = try #require(try ModelDescription(describing: Derived()).rootEntity)
        #expect(entity.properties.map(\.key) == ["id", "name"])
        #expect(entity.property("name")?.valueType == .optional(.string))
    }

    @Test func aSingleValueWrapperIsItsValueType() throws {
        let entity = try #require(try ModelDescription(type: UsesWrapper.self).rootEntity)
        #expect(entity.property("email")?.valueType == .singleValue("Wrapper", .string))
        #expect(entity.property("email")?.valueType.unwrapped == .string)
        #expect(entity.property("note")?.valueType == .optional(.string))
    }

    @Test func aScalarIsNotAModel() {
        #expect(
            throws: DescriptionError(
                path: "", message: "'Int' is not a struct or class, so it has no properties to edit")
        ) {
            try ModelDescription(describing: 42)
        }
        #expect(throws: DescriptionError.self) { try ModelDescription(type: String.self) }
    }

    @Test func aNilNonCodableValueIsReportedWithItsPath() {
        #expect(
            throws: DescriptionError(
                path: "inner",
                message: "cannot describe 'NotCodable': no value to inspect and the type is not Decodable")
        ) {
            try ModelDescription(describing: HoldsNil())
        }
    }

    @Test func aPresentNonCodableValueIsReadThroughMirror() throws {
        let model = try ModelDescription(describing: HoldsValue())
        #expect(
            model.entity("NotCodable")?.properties == [PropertyDescription(key: "x", valueType: .integer(bits: 64))])
    }
}
