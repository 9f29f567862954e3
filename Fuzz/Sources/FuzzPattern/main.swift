import Foundation
import FuzzSupport
import ModelForm
import ModelFormJSONSchema
import ModelFormYAML

/// A form with one text field whose `pattern` rule the fuzzer writes.
let patternForm: Form<FormValue> = {
    do {
        let configs = try ConfigDictionary(
            typeDefinitions: "types:\n  Text:\n    text: String\n", file: "fuzz.types.yaml")
        return Form(values: .record(["text": .string("")]), configs: configs)
    } catch { fatalError("the fuzz fixture does not load: \(error)") }
}()

/// Pattern matching in bounded time, through the two doors users reach it by: the input's
/// first line is a pattern, the rest a text, matched whole (a form's `pattern` rule) and as
/// a search (JSON Schema's `pattern`). A match that runs past libFuzzer's 5 s timeout is a
/// finding (the budget is 250 ms of CPU time per match, 1 s per validation).
func fuzzPattern(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: FuzzDriver.bytes(data, size), as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let pattern = String(parts.first ?? "")
    let subject = parts.count > 1 ? String(parts[1]) : ""
    var form = patternForm
    var configs = form.configs
    try? configs["Text"]?.update("text") { $0.rules = [ValidationRule(.pattern(pattern))] }
    form.configs = configs
    try? form.setText(subject, at: "text")
    _ = form.validate()
    let schema = JSONSchemaValidator(schema: ["pattern": .string(pattern)])
    _ = schema.validate(.string(subject))
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzPattern(data, size) }

FuzzDriver.run { data, size in fuzzPattern(data, size) }
