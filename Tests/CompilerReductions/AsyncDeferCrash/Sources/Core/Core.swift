package struct Problems: Error { package var list: [String] = [] }

package struct Parser: Sendable {
    package init() {}
    package func read(text: String, file: String) throws(Problems) -> [String] {
        if text.isEmpty { throw Problems() }
        return [text]
    }
}

package struct FileLock {
    package static func acquire(beside path: String) async throws -> FileLock { FileLock() }
    package func release() {}
}
