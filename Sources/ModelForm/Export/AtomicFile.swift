import Foundation

/// Writes files so that a reader sees the old content or the new, never a mix: the text
/// goes to a temporary file in the same folder, which is then renamed over the target.
package enum AtomicFile {
    /// Writes `text` to `path` atomically.
    package static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try Data(text.utf8).write(to: temporary)
            if rename(temporary.path, url.path) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
