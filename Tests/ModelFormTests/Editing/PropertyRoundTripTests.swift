import Foundation
import ModelForm
import ModelFormTesting
import PropertyBased
import Testing

private struct Sample: Codable, Equatable {
    var text: String
    var number: Int
    var small: Int8
    var count: UInt16
    var ratio: Double
    var flag: Bool
    var maybe: String?
    var list: [Int]
    var when: Date
    var colour: Colour
    var nested: Inner
}

private enum Colour: String, Codable, CaseIterable { case red, green, blue }
private struct Inner: Codable, Equatable {
    var label: String
    var values: [Double]
}

@Suite struct PropertyRoundTripTests {
    fileprivate static func sample(
        _ text: String, _ number: Int, _ ratio: Double, _ flag: Bool, _ maybe: String?, _ list: [Int], _ colour: Colour
    ) -> Sample {
        Sample(
            text: text, number: number, small: Int8(truncatingIfNeeded: number),
            count: UInt16(truncatingIfNeeded: number),
            ratio: ratio, flag: flag, maybe: maybe, list: list,
            when: Date(timeIntervalSince1970: TimeInterval(abs(number) * 1000)), colour: colour,
            nested: Inner(label: text.uppercased(), values: list.map { Double($0) / 8 }))
    }

    fileprivate static func check(count: Int, _ body: @escaping @Sendable (Sample) throws -> Void) async {
        await propertyCheck(
            count: count, input: Gen.letterOrNumber.string(of: 0...12), Gen.int(in: -1_000_000...1_000_000),
            Gen.double(in: -1e6...1e6), Gen.bool, Gen.letterOrNumber.string(of: 0...5).optional(),
            Gen.int(in: -50...50).array(of: 0...4), Gen<Colour>.case
        ) { text, number, ratio, flag, maybe, list, colour in
            try body(sample(text, number, ratio, flag, maybe, list, colour))
        }
    }

    @Test func encodeThenDecodeIsIdentity() async {
        await Self.check(count: 200) { sample in
            let values = try FormValueEncoder().encode(sample)
            #expect(try FormValueDecoder().decode(Sample.self, from: values) == sample)
        }
    }

    @Test func aSessionCommitsWhatItWasGiven() async {
        await Self.check(count: 100) { sample in
            var session = try FormSession(editing: sample)
            #expect(try session.commit(as: Sample.self) == sample)
        }
    }

    @Test func textOfEveryScalarParsesBackToTheSameValue() async {
        await Self.check(count: 200) { sample in
            var session = try FormSession(editing: sample)
            for key in ["text", "number", "small", "count", "ratio", "flag", "colour"] {
                let path = try FormPath(parsing: key)
                try session.setText(session.value(at: path)!.plainText, at: path)
            }
            #expect(!session.isDirty)
        }
    }
}
