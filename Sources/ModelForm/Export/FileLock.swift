import Foundation

/// An exclusive lock shared by every process that writes one file: `flock` on a lock file
/// beside it (`.NAME.lock` in the file's folder, after following links, so that every path
/// to the file shares one lock). A writer holds it from reading the file's version to the
/// rename of the new file, so that two writers in two processes (two servers, a server and
/// `modelform apply`) cannot both write against the same version.
///
/// The lock file exists only while a writer holds it: the holder removes it before letting
/// go, and a writer that locked a file already removed (its inode is no longer the path's)
/// tries again. Waiting is bounded: after ``timeout`` the writer gives up with an error.
/// Any user who may read the values file may take the lock, and waits for another user's
/// as for another process's: the lock file is opened read-only and created with the values
/// file's mode, owner and group. A symbolic link at the lock file's path is never followed.
/// The holder removes the temporary files a killed writer left.
package struct FileLock {
    /// How long a writer waits for another to finish before giving up.
    package static let timeout: Duration = .seconds(10)

    private let descriptor: Int32
    private let path: String

    /// The lock file's path for `path`.
    package static func lockPath(for path: String) -> String {
        let target = URL(fileURLWithPath: AtomicFile.resolvingLinks(path))
        return target.deletingLastPathComponent().appendingPathComponent("." + target.lastPathComponent + ".lock").path
    }

    /// Takes the lock, waiting up to ``timeout``; the thread sleeps between tries.
    package static func acquire(beside path: String) throws -> FileLock {
        var attempt = Attempt(path)
        while true {
            if let lock = try attempt.next() { return lock }
            usleep(2_000)
        }
    }

    /// Takes the lock, waiting up to ``timeout`` without holding a thread (async callers).
    package static func acquire(beside path: String) async throws -> FileLock {
        var attempt = Attempt(path)
        while true {
            if let lock = try attempt.next() { return lock }
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    /// Runs `body` holding the lock of `path`.
    package static func withLock<T>(beside path: String, _ body: () throws -> T) throws -> T {
        let lock = try acquire(beside: path)
        defer { lock.release() }
        return try body()
    }

    /// Removes the lock file and lets the next writer in.
    package func release() {
        unlink(path)
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Lets go without removing the lock file: what a writer killed while holding the lock
    /// leaves behind (for tests of the next writer).
    package func abandon() {
        close(descriptor)
    }

    /// Tries to take the lock until the deadline.
    private struct Attempt {
        let target: String
        let path: String
        let deadline: ContinuousClock.Instant

        init(_ target: String) {
            self.target = target
            path = FileLock.lockPath(for: target)
            deadline = ContinuousClock.now + FileLock.timeout
        }

        /// The lock, `nil` to try again after a pause, or an error once the deadline passed.
        mutating func next() throws -> FileLock? {
            let descriptor: Int32
            switch try openLockFile() {
            case .opened(let opened): descriptor = opened
            case .gone: return try notYet(denied: false)
            case .denied: return try notYet(denied: true)
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let reason = errno  // before `close` can change it
                close(descriptor)
                guard reason == EWOULDBLOCK || reason == EINTR else {
                    throw failure("cannot lock the file (\(String(cString: strerror(reason))))")
                }
                return try notYet(denied: false)
            }
            // The holder before may have removed this file after we opened it: then it is no
            // longer the lock, and the next try opens the one at the path now.
            var held = stat()
            var current = stat()
            guard fstat(descriptor, &held) == 0, lstat(path, &current) == 0, held.st_ino == current.st_ino,
                held.st_dev == current.st_dev
            else {
                close(descriptor)
                return nil
            }
            removeLeftoverTemporaries()
            return FileLock(descriptor: descriptor, path: path)
        }

        /// The lock file opened read-only (`flock` needs no more, so any user who may read
        /// the values file may lock it), never through a symbolic link. Created when missing
        /// with the values file's read and write bits, owner and group (those the user may
        /// give), so that a lock file left by a killed writer blocks no other user.
        private func openLockFile() throws -> LockFile {
            let created = open(path, O_RDONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if created >= 0 {
                var info = stat()
                if stat(target, &info) == 0 {
                    if fchown(created, info.st_uid, info.st_gid) != 0 { _ = fchown(created, uid_t.max, info.st_gid) }
                    _ = fchmod(created, info.st_mode & 0o666)
                } else {
                    _ = fchmod(created, 0o644)
                }
                return .opened(created)
            }
            guard errno == EEXIST else {
                throw failure("cannot create the lock file \(path) (\(String(cString: strerror(errno))))")
            }
            let existing = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            if existing >= 0 { return .opened(existing) }
            switch errno {
            case ENOENT: return .gone
            case EACCES: return .denied
            case ELOOP: throw failure("the lock file \(path) is a symbolic link, which is never followed")
            default: throw failure("cannot open the lock file \(path) (\(String(cString: strerror(errno))))")
            }
        }

        /// What opening the lock file gave.
        private enum LockFile {
            case opened(Int32)
            /// Removed by its holder meanwhile: try again.
            case gone
            /// Another user's file this user may not open: being created (its mode is set
            /// next), or left with a mode that keeps this user out.
            case denied
        }

        /// `nil` (try again) before the deadline, else the error that says why it passed.
        private func notYet(denied: Bool) throws -> FileLock? {
            guard ContinuousClock.now >= deadline else { return nil }
            if denied {
                throw failure(
                    "cannot open the lock file \(path) (Permission denied): another user's lock file that this user may not read"
                )
            }
            throw failure("cannot lock the file: another program is still writing it after \(FileLock.timeout)")
        }

        private func failure(_ reason: String) -> AtomicFile.Failure {
            AtomicFile.Failure(description: reason + "; nothing was written")
        }

        /// Removes the temporary files of writers killed before their rename
        /// (`.NAME.UUID.tmp` beside the file, see ``AtomicFile``): only the lock's holder
        /// writes one, so under the lock every one there is a leftover, or an old content a
        /// writer before let go of and has yet to remove (``AtomicFile/RetiredFile``).
        private func removeLeftoverTemporaries() {
            let url = URL(fileURLWithPath: AtomicFile.resolvingLinks(target))
            let folder = url.deletingLastPathComponent().path
            let prefix = "." + url.lastPathComponent + "."
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
            for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
                let middle = name.dropFirst(prefix.count).dropLast(4)
                guard UUID(uuidString: String(middle)) != nil else { continue }
                let leftover = (folder as NSString).appendingPathComponent(name)
                var info = stat()
                if lstat(leftover, &info) == 0, info.st_mode & S_IFMT == S_IFREG { unlink(leftover) }
            }
        }
    }
}
