import Core
import Foundation

struct Failure: Error { var description: String }

public actor Store {
    let path: String
    let parser = Parser()
    public init(path: String) { self.path = path }

    func read() throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw Failure(description: path) }
        defer { try? handle.close() }
        return Array(try handle.read(upToCount: 1000) ?? Data())
    }

    func load() throws -> [String] {
        try parser.read(text: String(decoding: try read(), as: UTF8.self), file: path)
    }

    public func save(_ expected: String) async throws -> Int {
        let lock = try await FileLock.acquire(beside: path)
        defer { lock.release() }
        let current = try load()
        guard expected.utf8.count <= 10 else { throw Failure(description: "\(expected.utf8.count)") }
        return current.count
    }
}
