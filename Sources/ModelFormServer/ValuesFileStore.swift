import Crypto
import Foundation
import ModelForm
import ModelFormYAML

/// A values file (YAML or JSON) as a ``FormStore``: the version is the SHA-256 of the file's
/// bytes, so an edit by any other writer (another server, `modelform apply`, an editor) is
/// seen. Saves are atomic, keep the file's permissions (``/ModelFormYAML/ValuesFile/write(_:to:typeName:configs:)``)
/// and are serialized across processes by a lock file beside the values file.
///
/// ```swift
/// let store = ValuesFileStore(path: path, typeName: "Employee", configs: configs)
/// ```
public actor ValuesFileStore: FormStore {
    public let path: String
    public let typeName: String
    public let configs: ConfigDictionary

    private let format: ValuesFileFormat
    /// The values last read or written, by the version of the file's bytes: a file that has
    /// not changed is not parsed again.
    private var cache: StoredValues?
    /// Removes a save's old content once the save has answered (its blocks freed off the
    /// request's path: see ``AtomicFile/replace(_:at:)``), one at a time.
    private let remover = DispatchQueue(label: "modelform.values-file.remover", qos: .utility)

    public init(path: String, typeName: String, configs: ConfigDictionary) {
        self.init(path: path, configs: configs, format: ValuesFileFormat(typeName: typeName, configs: configs))
    }

    /// A store that reads and writes with `format`: for a JSON Schema model's data, one that
    /// keeps unknown properties and leaves out absent ones.
    ///
    /// ```swift
    /// var format = ValuesFileFormat(typeName: "Employee", configs: configs)
    /// format.keepsUnknownProperties = true
    /// let store = ValuesFileStore(path: path, configs: configs, format: format)
    /// ```
    public init(path: String, configs: ConfigDictionary, format: ValuesFileFormat) {
        self.path = path
        typeName = format.typeName
        self.configs = configs
        self.format = format
    }

    /// Why the file cannot be used.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    public func load() throws -> StoredValues {
        try stored(try read())
    }

    /// The values of the file's `bytes` (the cache's, when they are the bytes last seen).
    private func stored(_ bytes: [UInt8]) throws -> StoredValues {
        let version = Self.version(of: bytes)
        if let cache, cache.version == version { return cache }
        let values = try format.read(text: String(decoding: bytes, as: UTF8.self), file: path)
        let loaded = StoredValues(values: values, version: version)
        cache = loaded
        return loaded
    }

    /// Writes `values` if the file is still at `expected`: under the file's lock (`FileLock`,
    /// shared with every other process that writes it), from re-reading the version to the
    /// rename, so that two servers or a server and `modelform apply` never both write against
    /// one version. Values equal to the stored ones write nothing and keep the version.
    public func save(_ values: FormValue, expecting expected: String) async throws -> String {
        let lock = try await FileLock.acquire(beside: path)
        // Released on both paths by hand, not in a `defer`: with a `defer` after the `await`,
        // Swift 6.3.1's optimizer crashes splitting this function (`swift build -c release`:
        // signal 11 in CoroSplit). A reduction: Tests/CompilerReductions/AsyncDeferCrash.
        do {
            let (version, retired) = try write(values, expecting: expected)
            lock.release()
            if let retired { remover.async { retired.remove() } }
            return version
        } catch {
            lock.release()
            throw error
        }
    }

    /// The save's work under the lock: re-reads the version, writes the file, returns its
    /// new version and the old content still to remove.
    private func write(
        _ values: FormValue, expecting expected: String
    ) throws -> (version: String, retired: AtomicFile.RetiredFile?) {
        let bytes = try read()
        let current = try stored(bytes)
        guard current.version == expected else { throw StoreConflict(current: current) }
        guard values != current.values else { return (current.version, nil) }
        // The file edited where only values changed: its comments and style are kept.
        let text = try format.text(
            values, syntax: ValuesSyntax(path: path), editing: String(decoding: bytes, as: UTF8.self))
        guard text.utf8.count <= InputLimits.fileBytes else {
            throw Failure(
                description:
                    "\(path): the values would be \(text.utf8.count) bytes, more than the \(InputLimits.fileBytes) a values file may have; nothing was written"
            )
        }
        let retired = try AtomicFile.replace(text, at: path)
        let version = Self.version(of: Array(text.utf8))
        cache = StoredValues(values: values, version: version)
        return (version, retired)
    }

    private func read() throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw Failure(description: "\(path): cannot be read")
        }
        defer { try? handle.close() }
        let data = try handle.read(upToCount: InputLimits.fileBytes + 1) ?? Data()
        guard data.count <= InputLimits.fileBytes else {
            throw Failure(description: "\(path): larger than the limit of \(InputLimits.fileBytes) bytes")
        }
        return Array(data)
    }

    /// The first 16 bytes of the SHA-256 of the file, in hexadecimal.
    static func version(of bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 32) { hex in
            for (index, byte) in SHA256.hash(data: bytes).prefix(16).enumerated() {
                hex[2 * index] = digits[Int(byte >> 4)]
                hex[2 * index + 1] = digits[Int(byte & 0x0F)]
            }
            return 32
        }
    }
}
