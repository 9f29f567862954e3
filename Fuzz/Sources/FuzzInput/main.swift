import Foundation
import FuzzSupport
import ModelForm

/// `FormPath` parsing and the input parser: the first line is a path, the rest a text; the
/// text is also set on one field of every type (the second byte picks which).
func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzDriver.bytes(data, size)
    let text = String(decoding: input, as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let pathText = String(parts.first ?? "")
    let value = parts.count > 1 ? String(parts[1]) : ""
    var form = FuzzModels.form()
    if let path = try? FormPath(parsing: pathText) {
        _ = try? form.setText(value, at: path)
    }
    let fields = [
        "name", "email", "site", "size", "budget", "ratio", "founded", "active", "role", "flags", "tags", "lead.age",
        "members[0].age", "members[2].name",
    ]
    let pick = size > 1 ? Int(input[1]) % fields.count : 0
    _ = try? form.setText(value, at: FormPath(parsing: fields[pick]))
    return 0
}

/// libFuzzer's entry point, for when its own `main` is linked in.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzInput(data, size) }

FuzzDriver.run { data, size in fuzzInput(data, size) }
