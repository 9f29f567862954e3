import Foundation
import FuzzSupport
import ModelForm

/// The condition-expression parser (`visibleIf: age >= 18 and country == "FR"`): parsed,
/// printed, parsed again, and evaluated on a record.
func fuzzCondition(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: FuzzDriver.bytes(data, size), as: UTF8.self)
    guard let condition = try? Condition(parsing: text) else { return 0 }
    let printed = condition.description
    guard let again = try? Condition(parsing: printed), again == condition else {
        fatalError("'\(printed)' (printed from '\(text)') does not read back as the same condition")
    }
    let record = FormValue.record(["age": .int(20), "country": .string("FR"), "tags": .list([.string("a")]), "address": .record(["city": .string("Paris")])])
    _ = condition.evaluate(in: record)
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzCondition(data, size) }

FuzzDriver.run { data, size in fuzzCondition(data, size) }
