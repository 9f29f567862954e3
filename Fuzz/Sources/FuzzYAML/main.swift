import Foundation
import FuzzSupport
import ModelForm
import ModelFormYAML

/// The YAML loaders: the input as a type definition, as a forms file over the fuzz model,
/// and as a values file of it. Every outcome but a crash, a hang or a leak is fine.
func fuzzYAML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzDriver.bytes(data, size)
    let text = String(decoding: input, as: UTF8.self)
    _ = try? ConfigDictionary(typeDefinitions: text, file: "input.types.yaml")
    var configs = FuzzModels.configs
    _ = try? ConfigLoader().apply(text: text, file: "input.forms.yaml", to: &configs)
    _ = try? ValuesFile.read(text: text, file: "input.values.yaml", typeName: "Team", configs: FuzzModels.configs)
    return 0
}

/// libFuzzer's entry point, for when its own `main` is linked in.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzYAML(data, size) }

FuzzDriver.run { data, size in fuzzYAML(data, size) }
