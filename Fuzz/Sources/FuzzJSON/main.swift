import Foundation
import FuzzSupport
import ModelForm

/// The JSON parser (every value's location kept), and a location looked up in the result.
func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: FuzzDriver.bytes(data, size), as: UTF8.self)
    if let document = try? JSONParser.parse(text, file: "fuzz.json") {
        _ = document.mark("/0/a/1")
        _ = document.value == document.value
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzJSON(data, size) }

FuzzDriver.run { data, size in fuzzJSON(data, size) }
