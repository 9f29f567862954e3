import Foundation
import FuzzSupport
import ModelForm
import ModelFormHTML

// For `DirectTemplate` and `TemplateValues` (debug builds, as run.sh makes, are testable).
@testable import ModelFormTemplates

/// Fields unlike each other for a layout to draw: a ranged number with errors and themed
/// tokens, an empty text with a placeholder, a checked switch with nested content.
let contexts: [CellContext] = [
    CellContext(
        field: Field(
            key: "age", type: .integer, title: "Age <years>", rules: [ValidationRule(.range(min: 13, max: 130))]),
        path: "age", value: .int(42), display: "42", inputValue: "42", errors: ["too <old>", "and 'odd'"],
        isRequired: true, inputName: "age", inputID: "f-age",
        theme: Theme(name: "t", tokens: ["accent": "<#0a84ff>", "text-color": "a&b"])),
    CellContext(
        field: Field(key: "note", type: .text, placeholder: "<write> here", readOnly: true), path: "note", value: .null,
        display: "", inputValue: "", inputName: "note"),
    CellContext(
        field: Field(key: "on", type: .boolean, inline: true), path: "on", value: .bool(true), display: "Yes",
        inputValue: "true", inputName: "on", inputID: "f-on", nested: "<p>nested & more</p>"),
]

/// A cell layout whose HTML template the fuzzer writes: loading it never crashes or hangs
/// (its sections' nesting is limited), and wherever ModelForm draws the template itself it
/// writes what swift-mustache writes. A difference is a finding.
func fuzzTemplate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let template = String(decoding: FuzzDriver.bytes(data, size), as: UTF8.self)
    // A JSON string literal is a YAML double-quoted scalar.
    guard let quoted = try? JSONEncoder().encode(template), let scalar = String(data: quoted, encoding: .utf8),
        let layout = try? CellLayoutLoader().load(text: "layouts:\n  html: \(scalar)\n", file: "Cells/fuzz.yaml"),
        let library = layout.templates["html"], let direct = layout.directTemplates["html"]
    else { return 0 }
    for context in contexts {
        let values = TemplateValues<HTMLFormat>(context: context)
        // `nil`: a list or map written whole, which the library draws (in hash order).
        guard let drawn = direct.render(values) else { continue }
        let expected = library.render(values, direct: nil)
        if drawn != expected {
            fatalError("drawn directly: \(drawn.debugDescription); swift-mustache: \(expected.debugDescription)")
        }
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzTemplate(data, size) }

FuzzDriver.run { data, size in fuzzTemplate(data, size) }
