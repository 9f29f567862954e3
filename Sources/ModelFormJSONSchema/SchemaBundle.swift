import Foundation
import ModelForm

/// A schema and the documents its `$ref`s name in other files, found on disk and never
/// fetched: a relative reference is a file beside the document that makes it (`common.json`,
/// `../defs/address.json#/$defs/Address`); any reference whose URL is the `$id` of a schema
/// in the schema's own folder or in a `schemaDirectories` folder is that schema. A URL with
/// no local copy is an error at the `$ref` that names the URL and how to supply one.
///
/// The importer reads ``document``: the root schema with every other document embedded
/// under `x-modelform-bundle` and the references into them rewritten, each embedded value
/// keeping its own `file:line:column`. The validator resolves references against
/// ``remotes``, the same documents by the URL the references name.
///
/// ```swift
/// let root = try JSONParser.parse(text, file: "order.schema.json")
/// let bundle = try SchemaBundle.load(root, file: "order.schema.json", schemaDirectories: ["schemas"])
/// let imported = try JSONSchemaImporter.importSchema(bundle, name: "Order", source: text)
/// ```
///
/// At most ``maximumDocuments`` documents are read, each at most
/// ``/ModelForm/InputLimits/fileBytes`` long; a folder's `$id`s are read from its first
/// ``maximumFolderFiles`` `.json` files (by name), and only when a reference needs them.
public struct SchemaBundle: Sendable {
    /// The most documents one schema may bring in (itself included): 100.
    public static var maximumDocuments: Int { 100 }
    /// The most `.json` files of one folder looked at for `$id`s: 1,000.
    public static var maximumFolderFiles: Int { 1000 }
    /// The key of the root object under which other documents are embedded.
    static let bundleKey = "x-modelform-bundle"

    /// The root schema with the other documents embedded (what the importer reads).
    public internal(set) var document: JSONParser.Document
    /// The root schema as written (what the validator reads, with ``remotes``).
    let original: JSONValue
    /// The root schema's file.
    public let file: String
    /// The root schema's base URI (its `$id`, else its file's URL).
    public internal(set) var baseURI: String
    /// The other documents by the absolute URL references name them by.
    public internal(set) var remotes: [String: JSONValue] = [:]
    /// Each document's text by file, for diagnostics that quote it.
    public internal(set) var sources: [String: String] = [:]

    /// A schema that refers to no other file.
    public init(_ document: JSONParser.Document, file: String) {
        self.document = document
        self.file = file
        original = document.value
        baseURI = Self.base(of: document.value, file: file)
    }

    /// Loads the documents `root`'s references name, and theirs, from disk. `read` reads a
    /// file's text (a file of more than ``/ModelForm/InputLimits/fileBytes`` is refused);
    /// `onDisk` turns a path as messages name it into the path to look at (a command's
    /// working folder).
    public static func load(
        _ root: JSONParser.Document, file: String, schemaDirectories: [String] = [],
        read: @escaping (String) throws -> String = { try String(contentsOfFile: $0, encoding: .utf8) },
        onDisk: @escaping (String) -> String = { $0 }
    ) throws(DiagnosticList) -> SchemaBundle {
        var loader = BundleLoader(
            root: root, file: file, directories: schemaDirectories, read: read, onDisk: onDisk)
        loader.run()
        guard loader.diagnostics.isEmpty else { throw DiagnosticList(loader.diagnostics, sources: loader.sources) }
        return loader.bundle()
    }

    /// The schemas of `folders` by `$id` (without its fragment), the first of two with one
    /// `$id` kept: each folder's first ``maximumFolderFiles`` `.json` files by name; files
    /// that are not JSON, or too large, are passed over.
    package static func schemasByID(
        in folders: [String], read: (String) throws -> String = { try String(contentsOfFile: $0, encoding: .utf8) },
        onDisk: (String) -> String = { $0 }
    ) -> [String: String] {
        var found: [String: String] = [:]
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: onDisk(folder))) ?? []
            let schemas = names.filter { $0.lowercased().hasSuffix(".json") }.sorted()
            for name in schemas.prefix(maximumFolderFiles) {
                let path = (folder as NSString).appendingPathComponent(name)
                guard let size = (try? FileManager.default.attributesOfItem(atPath: onDisk(path)))?[.size] as? Int,
                    size <= InputLimits.fileBytes, let text = try? read(path),
                    let value = try? JSONParser.parse(text, file: path).value, let id = value["$id"]?.string
                else { continue }
                let url = URIs.withoutFragment(URIs.resolve(id, against: fileURL(onDisk(path))))
                if found[url] == nil { found[url] = path }
            }
        }
        return found
    }

    /// A document's base URI: its `$id` resolved against its file's URL, else that URL.
    static func base(of value: JSONValue, file: String) -> String {
        let url = fileURL(file)
        guard let id = value["$id"]?.string else { return url }
        return URIs.withoutFragment(URIs.resolve(id, against: url))
    }

    /// A pointer into the bundle as the document it is in names it: `(nil, pointer)` in the
    /// root; `("common.json", "/$defs/Address")` in an embedded document.
    static func split(_ pointer: String) -> (document: String?, pointer: String) {
        let prefix = "/" + bundleKey + "/"
        guard pointer.hasPrefix(prefix) else { return (nil, pointer) }
        let rest = pointer.dropFirst(prefix.count)
        let end = rest.firstIndex(of: "/") ?? rest.endIndex
        let key = rest[..<end].replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        return (key, String(rest[end...]))
    }

    /// A pointer into the bundle as a message names it: `#/properties/a` in the root,
    /// `defs/address.json#/$defs/Country` in an embedded document.
    static func label(_ pointer: String) -> String {
        let (document, inner) = split(pointer)
        return (document ?? "") + "#" + inner
    }

    /// `file:///absolute/path` for a path.
    static func fileURL(_ path: String) -> String {
        "file://" + URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

/// One document the bundle holds: where it came from and how references name it.
private struct LoadedDocument {
    var document: JSONParser.Document
    var file: String
    /// The URL references resolve against (its `$id`, else its file's URL).
    var base: String
    /// The URLs references may name it by (its file's URL, its `$id`).
    var names: Set<String>
    /// The key it is embedded under (its path relative to the root's folder, or its URL).
    var key: String
}

/// Finds and reads the documents a schema's references reach, breadth first.
private struct BundleLoader {
    let directories: [String]
    let read: (String) throws -> String
    let onDisk: (String) -> String
    var documents: [LoadedDocument]
    var diagnostics: [Diagnostic] = []
    var sources: [String: String] = [:]
    /// Schemas in the folders, by `$id` (read on first need).
    private var index: [String: String]?
    private let rootFolder: String

    init(
        root: JSONParser.Document, file: String, directories: [String], read: @escaping (String) throws -> String,
        onDisk: @escaping (String) -> String
    ) {
        self.directories = directories
        self.read = read
        self.onDisk = onDisk
        let base = SchemaBundle.base(of: root.value, file: onDisk(file))
        documents = [
            LoadedDocument(
                document: root, file: file, base: base, names: [base, SchemaBundle.fileURL(onDisk(file))], key: "")
        ]
        rootFolder = (file as NSString).deletingLastPathComponent
    }

    /// Reads every document reached, reporting references with no local copy.
    mutating func run() {
        var next = 0
        while next < documents.count {
            let current = documents[next]
            next += 1
            for (reference, pointer) in Self.references(in: current.document.value) {
                guard !reference.hasPrefix("#") else { continue }
                let target = URIs.withoutFragment(URIs.resolve(reference, against: current.base))
                if documents.contains(where: { $0.names.contains(target) }) { continue }
                let mark =
                    current.document.mark(pointer + "/$ref") ?? SourceMark(file: current.file, line: 1, column: 1)
                guard documents.count < SchemaBundle.maximumDocuments else {
                    diagnostics.append(
                        Diagnostic(
                            "#\(pointer): the schema brings in more than \(SchemaBundle.maximumDocuments) documents",
                            at: mark))
                    return
                }
                guard let path = locate(reference, target: target, from: current) else {
                    let written = URIs.withoutFragment(reference)
                    let named = URIs.hasScheme(written) ? "'\(target)'" : "'\(written)' ('\(target)')"
                    diagnostics.append(
                        Diagnostic(
                            "#\(pointer): the schema refers to \(named), which has no local copy: put it beside the schema that refers to it, or in a folder given with --schema-dir (a schema whose $id is that URL); nothing is fetched from the network",
                            at: mark))
                    continue
                }
                load(path, as: target, at: mark)
            }
        }
    }

    /// The file a reference names: a relative one beside the document that makes it, else
    /// the schema whose `$id` is its URL (or a `file:` URL's own path).
    private mutating func locate(_ reference: String, target: String, from document: LoadedDocument) -> String? {
        let path = URIs.withoutFragment(reference)
        if !URIs.hasScheme(path), !path.isEmpty {
            let folder = (document.file as NSString).deletingLastPathComponent
            let candidate = path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)
            let decoded = candidate.removingPercentEncoding ?? candidate
            if FileManager.default.fileExists(atPath: onDisk(decoded)) { return decoded }
        }
        if let found = byID()[target] { return found }
        if target.hasPrefix("file://") {
            let local = String(target.dropFirst("file://".count)).removingPercentEncoding ?? ""
            if FileManager.default.fileExists(atPath: local) { return local }
        }
        return nil
    }

    /// The schemas of the root's folder and the given folders, by `$id` (files that are
    /// not JSON, or too large, are passed over).
    private mutating func byID() -> [String: String] {
        if let index { return index }
        let found = SchemaBundle.schemasByID(
            in: [rootFolder.isEmpty ? "." : rootFolder] + directories, read: read, onDisk: onDisk)
        index = found
        return found
    }

    private mutating func load(_ path: String, as target: String, at mark: SourceMark) {
        let text: String
        let parsed: JSONParser.Document
        do {
            text = try read(path)
            guard text.utf8.count <= InputLimits.fileBytes else {
                diagnostics.append(
                    Diagnostic("'\(path)' is larger than the \(InputLimits.fileBytes) bytes a schema may be", at: mark))
                return
            }
            parsed = try JSONParser.parse(text, file: path)
        } catch let error as DiagnosticList {
            diagnostics += error.diagnostics
            sources.merge(error.sources) { first, _ in first }
            return
        } catch {
            diagnostics.append(Diagnostic("cannot read '\(path)': \(error.localizedDescription)", at: mark))
            return
        }
        sources[path] = text
        let base = SchemaBundle.base(of: parsed.value, file: onDisk(path))
        if let existing = documents.firstIndex(where: { $0.file == path || $0.names.contains(base) }) {
            documents[existing].names.insert(target)
            return
        }
        let relative = Self.relative(onDisk(path), to: onDisk(rootFolder.isEmpty ? "." : rootFolder))
        documents.append(
            LoadedDocument(
                document: parsed, file: path, base: base, names: [target, base, SchemaBundle.fileURL(onDisk(path))],
                key: relative))
    }

    /// `path` relative to `folder` when it is inside it, else as given.
    private static func relative(_ path: String, to folder: String) -> String {
        let standard = URL(fileURLWithPath: path).standardizedFileURL.path
        let root = URL(fileURLWithPath: folder.isEmpty ? "." : folder).standardizedFileURL.path + "/"
        return standard.hasPrefix(root) ? String(standard.dropFirst(root.count)) : standard
    }

    /// Every `$ref` string in a schema with the pointer of the object holding it (not in
    /// `enum`, `const`, `default` or `examples`, which hold data).
    static func references(in value: JSONValue) -> [(String, String)] {
        var found: [(String, String)] = []
        SchemaWalk.objects(in: value) { object, pointer in
            if let reference = object["$ref"]?.string { found.append((reference, pointer)) }
            return true
        }
        return found
    }

    /// The bundle: the root with the other documents embedded, every reference to one of
    /// them rewritten to a pointer into it.
    func bundle() -> SchemaBundle {
        let root = documents[0]
        var bundle = SchemaBundle(root.document, file: root.file)
        // URLs from the paths as found on disk (a command's working folder), as references resolve.
        bundle.baseURI = root.base
        bundle.sources = sources
        guard documents.count > 1 else { return bundle }
        var embedded = JSONObject()
        var marks = root.document.marks
        for document in documents.dropFirst() {
            let prefix = "/" + SchemaBundle.bundleKey + "/" + JSONParser.escape(document.key)
            embedded[document.key] = rewritten(document.document.value, in: document)
            for (pointer, mark) in document.document.marks { marks[prefix + pointer] = mark }
            for name in document.names { bundle.remotes[name] = document.document.value }
        }
        var value = rewritten(root.document.value, in: root)
        if case .object(var object) = value {
            object[SchemaBundle.bundleKey] = .object(embedded)
            value = .object(object)
        }
        bundle.document = JSONParser.Document(value: value, marks: marks)
        return bundle
    }

    /// A document's value with each reference to a bundled document (itself included, when
    /// it is not the root) rewritten to a pointer into the bundle.
    private func rewritten(_ value: JSONValue, in document: LoadedDocument) -> JSONValue {
        switch value {
        case .object(let object):
            var result = JSONObject()
            for (key, child) in object.pairs {
                if key == "$ref", let reference = child.string {
                    result[key] = .string(rewrittenReference(reference, in: document))
                } else if SchemaWalk.holdsData(key) {
                    result[key] = child
                } else {
                    result[key] = rewritten(child, in: document)
                }
            }
            return .object(result)
        case .array(let items): return .array(items.map { rewritten($0, in: document) })
        default: return value
        }
    }

    private func rewrittenReference(_ reference: String, in document: LoadedDocument) -> String {
        let absolute = URIs.resolve(reference, against: document.base)
        let target = URIs.withoutFragment(absolute)
        guard let found = documents.first(where: { $0.names.contains(target) }) else { return reference }
        let fragment = URIs.fragment(absolute) ?? ""
        guard found.key != "" else {
            // Into the root: a local reference.
            return "#" + fragment
        }
        let prefix = "#/" + SchemaBundle.bundleKey + "/" + JSONParser.escape(found.key)
        if fragment.isEmpty { return prefix }
        if fragment.hasPrefix("/") { return prefix + fragment }
        // An anchor: the pointer of the subschema that declares it.
        return prefix + (SchemaWalk.anchor(fragment, in: found.document.value)?.pointer ?? "")
    }
}
