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
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                throw AtomicFile.Failure(
                    description:
                        "cannot create the lock file \(path) (\(String(cString: strerror(errno)))); nothing was written"
                )
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let busy = errno == EWOULDBLOCK || errno == EINTR
                close(descriptor)
                guard busy, ContinuousClock.now < deadline else {
                    throw AtomicFile.Failure(
                        description:
                            "cannot lock the file: another program is still writing it after \(FileLock.timeout); nothing was written"
                    )
                }
                return nil
            }
            // The holder before may have removed this file after we opened it: then it is no
            // longer the lock, and the next try opens the one at the path now.
            var held = stat()
            var current = stat()
            guard fstat(descriptor, &held) == 0, stat(path, &current) == 0, held.st_ino == current.st_ino,
                held.st_dev == current.st_dev
            else {
                close(descriptor)
                return nil
            }
            return FileLock(descriptor: descriptor, path: path)
        }
    }
}
