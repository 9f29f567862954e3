import Foundation
import FuzzSupport
import ModelForm

/// The submission parsers on a form with nested relationships and a collection: the input
/// as an urlencoded body and as a multipart body (boundary `fuzz`), then the form drawn
/// values committed, as a server would after a refusal or a success.
func fuzzSubmission(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzDriver.bytes(data, size)
    let bytes = Data(input)
    var form = FuzzModels.form()
    _ = try? form.apply(submission: String(decoding: bytes, as: UTF8.self))
    _ = form.changedFields
    _ = try? form.commit()
    var multipart = FuzzModels.form()
    _ = try? multipart.apply(multipart: bytes, boundary: "fuzz")
    _ = multipart.errors
    return 0
}

/// libFuzzer's entry point, for when its own `main` is linked in.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzSubmission(data, size) }

FuzzDriver.run { data, size in fuzzSubmission(data, size) }
