import Foundation
import FuzzSupport
import ModelForm

/// Pattern matching in bounded time: the input's first line is a pattern, the rest a text,
/// matched whole and as a search. A match that runs past libFuzzer's 5 s timeout is a
/// finding (the budget is 250 ms of CPU time).
func fuzzPattern(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: FuzzDriver.bytes(data, size), as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    guard let regex = try? BoundedRegex(String(parts.first ?? "")) else { return 0 }
    let subject = parts.count > 1 ? String(parts[1]) : ""
    _ = regex.matches(subject, whole: true)
    _ = regex.matches(subject, whole: false)
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzPattern(data, size) }

FuzzDriver.run { data, size in fuzzPattern(data, size) }
