import Testing

@testable import ModelForm

/// A record finds each key where it sits, whatever its size (keys compared in order up to
/// eight, a table past them), through appends, reserved room, updates and removals.
@Suite struct KeyPositionsTests {
    @Test(arguments: [0, 1, 8, 9, 17, 1_000])
    func everyKeyIsFoundThroughAppendsAndRemovals(count: Int) {
        for reserved in [0, count, 64] {
            var record = FormRecord()
            record.reserveCapacity(reserved)
            for index in 0..<count { record["k\(index)"] = .int(Int64(index)) }
            #expect(record.count == count)
            for index in 0..<count { #expect(record["k\(index)"] == .int(Int64(index)), "k\(index) of \(count)") }
            #expect(record["missing"] == nil)
            // Removing every third key moves the keys after it; each is still found.
            for index in stride(from: 0, to: count, by: 3) { record["k\(index)"] = nil }
            for index in 0..<count {
                #expect(record["k\(index)"] == (index % 3 == 0 ? nil : .int(Int64(index))), "k\(index) of \(count)")
            }
            #expect(record.keys == (0..<count).filter { $0 % 3 != 0 }.map { "k\($0)" })
            var position = 0
            for key in record.keys { #expect(record.index(forKey: key, near: &position) != nil) }
            // Keys added back go last.
            record.update("k0") { $0 = .bool(true) }
            #expect(record.keys.last == "k0" && record["k0"] == .bool(true))
        }
    }
}
