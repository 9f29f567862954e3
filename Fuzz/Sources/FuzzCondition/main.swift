import Foundation
import FuzzSupport
import ModelForm

/// The condition-expression parser (`visibleIf: age >= 18 and country == "FR"`): parsed,
/// printed and parsed again. The printed text must read back, print the same again (`and`
/// and `or` may regroup: `a or (b or c)` prints as `a or b or c`), and decide the same on
/// a record.
func fuzzCondition(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: FuzzDriver.bytes(data, size), as: UTF8.self)
    guard let condition = try? Condition(parsing: text) else { return 0 }
    let printed = condition.description
    let record = FormValue.record([
        "age": .int(20), "country": .string("FR"), "tags": .list([.string("a")]),
        "address": .record(["city": .string("Paris")]),
    ])
    guard let again = try? Condition(parsing: printed), again.description == printed,
        again.evaluate(in: record) == condition.evaluate(in: record)
    else {
        fatalError("'\(printed)' (printed from '\(text)') does not read back as the same condition")
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzCondition(data, size) }

FuzzDriver.run { data, size in fuzzCondition(data, size) }
