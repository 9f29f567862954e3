import Foundation
import FuzzSupport
import ModelForm

/// The path parser (`scripts["build:prod"].command`, `friends[2].name`): a path that
/// parses prints as text that parses back to the same components, and prints the same again.
func fuzzPath(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: FuzzDriver.bytes(data, size), as: UTF8.self)
    guard let path = try? FormPath(parsing: text) else { return 0 }
    let printed = path.description
    guard let again = try? FormPath(parsing: printed), again == path, again.description == printed else {
        fatalError("'\(printed)' (printed from '\(text)') does not read back as the same path")
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzPath(data, size) }

FuzzDriver.run { data, size in fuzzPath(data, size) }
