import Foundation
import ModelForm
import Testing

/// The lock that serializes the writers of a values file works across users: a lock file left
/// by another user's killed writer blocks no one, another user's held lock is waited for, and
/// a symbolic link at the lock's path is never followed. The cases that need a second user run
/// `modelform apply` as `nobody` (`setpriv`), so they need root.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct LockAcrossUsersTests {
    static let canSwitchUser = geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    /// A team folder owned by `nobody` (the service's user), its values file 0644.
    func serviceFolder() throws -> HostileFolder {
        let folder = try HostileFolder([
            "team.types.yaml": Data(HostileModels.team.utf8), "team.values.yaml": Data(HostileModels.teamValues.utf8),
        ])
        for path in [folder.path, folder.file("team.types.yaml"), folder.file("team.values.yaml")] {
            chown(path, 65534, 65534)
        }
        chmod(folder.path, 0o755)
        chmod(folder.file("team.values.yaml"), 0o644)
        return folder
    }

    /// `modelform apply --set name=NAME` as `nobody`.
    func applyAsNobody(_ folder: HostileFolder, name: String) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = [
            "--reuid=65534", "--regid=65534", "--clear-groups", EndToEndTests.binary.path, "apply", "team.types.yaml",
            "--data", "team.values.yaml", "--set", "name=\(name)",
        ]
        process.currentDirectoryURL = folder.url
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test(.enabled(if: canSwitchUser, "needs root and setpriv"))
    func aLockFileLeftByAnotherUsersKilledWriterBlocksNoOne() throws {
        let folder = try serviceFolder()
        defer { folder.remove() }
        // Root's writer is killed holding the lock: its lock file stays.
        try FileLock.acquire(beside: folder.file("team.values.yaml")).abandon()
        let lockFile = folder.file(".team.values.yaml.lock")
        var info = stat()
        #expect(lstat(lockFile, &info) == 0 && info.st_uid == 65534, "created with the values file's owner")
        let run = try applyAsNobody(folder, name: "Saved")
        #expect(run.status == 0, "\(run.errors)")
        #expect(try folder.read("team.values.yaml").contains("name: Saved"))
        #expect(!FileManager.default.fileExists(atPath: lockFile), "the next holder removed it")
    }

    @Test(.enabled(if: canSwitchUser, "needs root and setpriv"))
    func anotherUsersHeldLockIsWaitedFor() async throws {
        let folder = try serviceFolder()
        defer { folder.remove() }
        let lock = try await FileLock.acquire(beside: folder.file("team.values.yaml"))
        let started = ContinuousClock.now
        // On a thread of its own: a blocked task of the shared pool could keep the release below
        // from running while the other user waits (two cores, a busy test run).
        async let run = withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try self.applyAsNobody(folder, name: "Waited") }) }.start()
        }
        // Released from a thread of its own too: on a loaded machine a task of the pool can
        // resume seconds late, past the waiter's 10 s, which is not what this test is about.
        let written = try await withCheckedThrowingContinuation { continuation in
            Thread {
                Thread.sleep(forTimeInterval: 0.4)
                continuation.resume(with: Result { try folder.read("team.values.yaml").contains("Waited") })
                lock.release()
            }.start()
        }
        #expect(!written, "nothing written while the lock is held")
        let result = try await run
        #expect(result.status == 0, "\(result.errors)")
        #expect(ContinuousClock.now - started >= .milliseconds(400), "it waited instead of failing at once")
        #expect(try folder.read("team.values.yaml").contains("name: Waited"))
    }

    @Test func aSymbolicLinkAtTheLocksPathIsNeverFollowed() throws {
        let folder = try HostileFolder([
            "team.types.yaml": Data(HostileModels.team.utf8), "team.values.yaml": Data(HostileModels.teamValues.utf8),
            "victim.txt": Data("keep me\n".utf8),
        ])
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: folder.file(".team.values.yaml.lock"), withDestinationPath: folder.file("victim.txt"))
        let before = folder.snapshot()
        let run = folder.run(["apply", "team.types.yaml", "--data", "team.values.yaml", "--set", "name=B"])
        #expect(run.status == 2, "\(run.errors)")
        #expect(
            run.errors.contains("is a symbolic link, which is never followed; nothing was written"), "\(run.errors)")
        #expect(folder.snapshot() == before, "nothing changed, the link's target included")
    }

    @Test func aKilledWritersTemporaryFileIsRemovedByTheNextSave() throws {
        let folder = try HostileFolder([
            "team.types.yaml": Data(HostileModels.team.utf8), "team.values.yaml": Data(HostileModels.teamValues.utf8),
        ])
        defer { folder.remove() }
        let leftover = ".team.values.yaml.\(UUID().uuidString).tmp"
        let unrelated = ".team.values.yaml.notes.tmp"
        try folder.write(leftover, "half a file")
        try folder.write(unrelated, "someone else's")
        let run = folder.run(["apply", "team.types.yaml", "--data", "team.values.yaml", "--set", "name=B"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.file(leftover)))
        #expect(FileManager.default.fileExists(atPath: folder.file(unrelated)), "only a writer's own pattern")
    }
}
