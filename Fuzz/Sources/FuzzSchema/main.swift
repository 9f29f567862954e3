import Foundation
import FuzzSupport
import ModelForm
import ModelFormJSONSchema

/// A schema and an instance (the input's first line is the schema, the rest the
/// instance): validated, and the schema imported as a form, whose generated files read
/// back or fail with errors in the schema (never in the generated files). The validation's
/// step limit is lowered so that a slow schema is a finding only when it ignores the limit.
func fuzzSchema(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: FuzzDriver.bytes(data, size), as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    guard let schema = try? JSONParser.parse(String(parts.first ?? ""), file: "fuzz.schema.json") else { return 0 }
    var validator = JSONSchemaValidator(schema: schema.value)
    validator.maximumSteps = 20_000
    if parts.count > 1, let instance = try? JSONParser.parse(String(parts[1]), file: "fuzz.json") {
        _ = validator.validate(instance.value)
    }
    if let imported = try? JSONSchemaImporter.importSchema(schema, file: "fuzz.schema.json", name: "Fuzz") {
        do { _ = try imported.configs() } catch  where "\(error)".contains("(imported") {
            fatalError("an error about the generated files, not the schema:\n\(error)")
        } catch {}
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzSchema(data, size) }

FuzzDriver.run { data, size in fuzzSchema(data, size) }
