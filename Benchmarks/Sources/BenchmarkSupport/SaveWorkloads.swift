import Foundation
import ModelForm
import ModelFormTesting
import ModelFormYAML

/// A one-field save of a values file of many fields, each way a file can be written: the file
/// edited in place (the changed value's bytes replaced, the text read back to check it) and
/// written, against the whole text written anew (today's fallback, and the writer before
/// issue 28). Both write the file atomically (a temporary file, then a rename).
public struct SaveWorkloads: Sendable {
    let format: ValuesFileFormat
    let values: FormValue
    /// Each syntax's file as written whole, with a comment line on top (what a person's file has).
    let originals: [ValuesSyntax: String]
    let folder: URL

    public init(fields: Int) throws {
        let configs = WideForm.configs(fields: fields)
        format = ValuesFileFormat(typeName: "Wide", configs: configs)
        values = WideForm.values(fields: fields)
        var originals: [ValuesSyntax: String] = [:]
        for syntax in [ValuesSyntax.yaml, .json, .toml] {
            let whole = try format.text(values, syntax: syntax)
            originals[syntax] = syntax == .json ? whole : "# a person's comment\n" + whole
        }
        self.originals = originals
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("modelform-save-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// The values with the middle text field changed (the `count`th time).
    func changed(_ count: Int) -> FormValue {
        var changed = values
        let index = (values.recordValue?.count ?? 0) / 2 / 5 * 5
        try? changed.set(.string("changed \(count)"), at: FormPath([.key(WideForm.key(index))]))
        return changed
    }

    /// One save edited in place; the bytes written.
    public func edited(_ syntax: ValuesSyntax, count: Int) throws -> Int {
        let original = originals[syntax] ?? ""
        let text = try format.text(changed(count), syntax: syntax, editing: original)
        try write(text, syntax)
        return text.utf8.count
    }

    /// One save written whole; the bytes written.
    public func whole(_ syntax: ValuesSyntax, count: Int) throws -> Int {
        let text = try format.text(changed(count), syntax: syntax)
        try write(text, syntax)
        return text.utf8.count
    }

    private func write(_ text: String, _ syntax: ValuesSyntax) throws {
        let file = folder.appendingPathComponent("wide." + "\(syntax)")
        let temporary = folder.appendingPathComponent(".wide.tmp")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    public func remove() { try? FileManager.default.removeItem(at: folder) }
}

extension FormValue {
    fileprivate var recordValue: FormRecord? {
        if case .record(let record) = self { return record }
        return nil
    }
}
