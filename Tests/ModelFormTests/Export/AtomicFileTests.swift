import Foundation
import Testing

@testable import ModelForm

/// ``AtomicFile/replace(_:at:)``: the new content at the path, the old one kept under a
/// second name until the caller removes it (so that the rename freed nothing).
@Suite struct AtomicFileTests {
    func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "modelform-atomic-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    func inode(_ path: String) -> ino_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_ino : nil
    }

    @Test func aReplacedFilesOldContentStaysLinkedUntilRemoved() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/values.yaml"
        try "old: 1\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o640)
        let old = inode(path)
        let retired = try #require(try AtomicFile.replace("new: 2\n", at: path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new: 2\n")
        #expect(inode(retired.path) == old, "the old file itself, not a copy")
        #expect(try String(contentsOfFile: retired.path, encoding: .utf8) == "old: 1\n")
        #expect(retired.path.hasPrefix(folder + "/.values.yaml.") && retired.path.hasSuffix(".tmp"))
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o777 == 0o640, "the new file keeps the mode")
        retired.remove()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["values.yaml"])
    }

    @Test func aNewFileRetiresNothing() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try AtomicFile.replace("new: 2\n", at: folder + "/values.yaml") == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["values.yaml"])
    }

    @Test func aWriteLeavesNoSecondName() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/values.yaml"
        try "old: 1\n".write(toFile: path, atomically: false, encoding: .utf8)
        try AtomicFile.write("new: 2\n", to: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["values.yaml"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new: 2\n")
    }

    /// The next writer to take the lock removes an old content its writer did not.
    @Test func theNextLockHolderRemovesARetiredFile() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/values.yaml"
        try "old: 1\n".write(toFile: path, atomically: false, encoding: .utf8)
        _ = try #require(try AtomicFile.replace("new: 2\n", at: path))
        try FileLock.withLock(beside: path) {}
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["values.yaml"])
    }
}
