import Foundation
import FuzzSupport
import ModelForm
import ModelFormTesting
import ModelFormYAML

/// The values file splicer: the input read as a values file of free JSON (JSON when it starts
/// with `{` or `[`, else TOML when it has an `=`, else YAML), each of its first scalars changed in turn and the file
/// edited in place. The edited text must read back as the values saved or as their whole
/// text, and setting the value back as the original values or as their whole text. Then the shape: the top-level record loses
/// its first key, and gains one, each edited in place where the file allows it.
func fuzzSplice(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: FuzzDriver.bytes(data, size), as: UTF8.self)
    let syntax: ValuesSyntax =
        text.first == "{" || text.first == "[" ? .json : text.contains("=") ? .toml : .yaml
    let file = "input." + ["json", "toml", "yaml"][syntax == .json ? 0 : syntax == .toml ? 1 : 2]
    let format = FuzzModels.freeJSONFormat
    // TOML writes a table's values before its tables: the same values in another order.
    func ordered(_ value: FormValue) -> FormValue { syntax == .toml ? ScalarEdits.keysSorted(value) : value }
    func read(_ text: String) -> FormValue? { (try? format.read(text: text, file: file)).map(ordered) }
    /// What a file written for `values` may read back as: the values themselves, or what
    /// their whole text reads back as (it may say less: a JSON `1.0` is written `1`).
    func isRight(_ back: FormValue?, for values: FormValue, whole: FormValue?) -> Bool {
        back != nil && (back == ordered(values) || back == whole)
    }
    guard let values = try? format.read(text: text, file: file) else { return 0 }
    for (path, old) in ScalarEdits.scalars(values).prefix(4) {
        var changed = values
        guard (try? changed.set(ScalarEdits.other(than: old), at: path)) != nil,
            let intended = read((try? format.text(changed, syntax: syntax)) ?? ""),
            let edited = try? format.text(changed, syntax: syntax, editing: text)
        else { continue }
        guard isRight(read(edited), for: changed, whole: intended) else {
            fatalError("the edit of \(path) reads back as other values:\n\(edited)")
        }
        // Setting it back may be refused, nothing written (a tagged file that only an edit in
        // place keeps: the edit back may need a whole write); what is written must be right.
        guard let back = try? format.text(values, syntax: syntax, editing: edited) else { continue }
        guard isRight(read(back), for: values, whole: read((try? format.text(values, syntax: syntax)) ?? "")) else {
            fatalError("setting \(path) back reads back as other values:\n\(back)")
        }
    }
    guard case .record(let record) = values else { return 0 }
    var fewer = record
    if let first = record.keys.first { fewer[first] = nil }
    var more = record
    more["fuzz added"] = .list([.string("x"), .record(["k": .int(1)])])
    for changed in [fewer, more] {
        guard let intended = read((try? format.text(.record(changed), syntax: syntax)) ?? ""),
            let edited = try? format.text(.record(changed), syntax: syntax, editing: text)
        else { continue }
        guard isRight(read(edited), for: .record(changed), whole: intended) else {
            fatalError("the reshaped file reads back as other values:\n\(edited)")
        }
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzSplice(data, size) }

FuzzDriver.run { data, size in fuzzSplice(data, size) }
