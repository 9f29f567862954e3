import Foundation
import FuzzSupport
import ModelForm
import ModelFormTesting
import ModelFormYAML

/// The values file splicer: the input read as a values file of free JSON (YAML, or JSON when
/// it starts with `{` or `[`), each of its first scalars changed in turn and the file
/// edited in place. The edited text must read back as the values intended, and setting the
/// value back as the values written whole would. Then the shape: the top-level record loses
/// its first key, and gains one, each edited in place where the file allows it.
func fuzzSplice(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: FuzzDriver.bytes(data, size), as: UTF8.self)
    let json = text.first == "{" || text.first == "["
    let file = json ? "input.json" : "input.yaml"
    let format = FuzzModels.freeJSONFormat
    guard let values = try? format.read(text: text, file: file) else { return 0 }
    for (path, old) in ScalarEdits.scalars(values).prefix(4) {
        var changed = values
        guard (try? changed.set(ScalarEdits.other(than: old), at: path)) != nil,
            let intended = try? format.read(text: try format.text(changed, json: json), file: file),
            let edited = try? format.text(changed, json: json, editing: text)
        else { continue }
        guard (try? format.read(text: edited, file: file)) == intended else {
            fatalError("the edit of \(path) reads back as other values:\n\(edited)")
        }
        guard let back = try? format.text(values, json: json, editing: edited),
            (try? format.read(text: back, file: file))
                == (try? format.read(text: try format.text(values, json: json), file: file))
        else { fatalError("setting \(path) back reads back as other values") }
    }
    guard case .record(let record) = values else { return 0 }
    var fewer = record
    if let first = record.keys.first { fewer[first] = nil }
    var more = record
    more["fuzz added"] = .list([.string("x"), .record(["k": .int(1)])])
    for changed in [fewer, more] {
        guard let intended = try? format.read(text: try format.text(.record(changed), json: json), file: file),
            let edited = try? format.text(.record(changed), json: json, editing: text)
        else { continue }
        guard (try? format.read(text: edited, file: file)) == intended else {
            fatalError("the reshaped file reads back as other values:\n\(edited)")
        }
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzSplice(data, size) }

FuzzDriver.run { data, size in fuzzSplice(data, size) }
