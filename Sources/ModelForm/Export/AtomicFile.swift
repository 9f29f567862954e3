import Foundation

/// Writes files so that a reader sees the old content or the new, never a mix, and so that
/// nothing about the file but its content changes: the text goes to a temporary file in the
/// target's folder (flushed with `fsync`), which is renamed over the target.
///
/// - A symbolic link is written through: its target gets the new content, the link stays.
/// - An existing file keeps its mode, owner and group; when the owner and group cannot be
///   kept (another user's file), nothing is written and the error says so.
/// - A file the user may not write is refused, not replaced.
/// - On every failure the temporary file is removed and the target is untouched.
package enum AtomicFile {
    /// Why a write failed, for a message after the path (`values.yaml: error: …`).
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Writes `text` to `path` atomically.
    package static func write(_ text: String, to path: String) throws {
        _ = try replace(path, retiring: false) { try writeAll(text, to: $0) }
    }

    /// Writes UTF-8 `bytes` to `path` atomically (a large page, with no `String` made of it).
    package static func write(utf8 bytes: UnsafeBufferPointer<UInt8>, to path: String) throws {
        _ = try replace(path, retiring: false) { try writeAll(bytes, to: $0) }
    }

    /// Writes what `content` hands its writer to `path` atomically, piece by piece as it
    /// comes (a large page drawn while it is written, never held whole); when `content`
    /// throws, nothing is written and the error is rethrown.
    package static func write(
        to path: String, streaming content: ((UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Void
    ) throws {
        _ = try replace(path, retiring: false) { descriptor in try content { try writeAll($0, to: descriptor) } }
    }

    /// Writes `text` to `path` atomically and hands back the old content, still linked
    /// under a second name, for the caller to remove later (off a request's path): where
    /// freeing a file's blocks is slow (a file system mounted with `discard` frees them
    /// synchronously, 1.5 ms for a small file on this project's machine), a rename over the
    /// old file would wait for it. `nil` when there was no old file, or it could not be
    /// linked (then the rename freed it, as ``write(_:to:)`` does).
    package static func replace(_ text: String, at path: String) throws -> RetiredFile? {
        try replace(path, retiring: true) { try writeAll(text, to: $0) }
    }

    /// A replaced file's old content under its second name (`.NAME.UUID.tmp` beside it, so
    /// that the next writer to hold ``FileLock`` removes it if this process cannot).
    package struct RetiredFile: Sendable {
        package let path: String

        /// Removes the old content (frees its blocks).
        package func remove() { unlink(path) }
    }

    /// Writes what `content` writes to a descriptor to `path` atomically; `retiring` links
    /// the old file under a second name first, so that the rename does not free it.
    private static func replace(
        _ path: String, retiring: Bool, content: (Int32) throws -> Void
    ) throws -> RetiredFile? {
        let target = resolvingLinks(path)
        var info = stat()
        let exists = stat(target, &info) == 0
        if exists {
            guard info.st_mode & S_IFMT == S_IFREG else { throw Failure(description: "is not a regular file") }
            // No write bit at all counts as read-only for root too (root may write anything).
            guard access(target, W_OK) == 0, info.st_mode & 0o222 != 0 else {
                throw Failure(description: "the file is read-only; nothing was written")
            }
        }
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent().path
        let temporary = temporaryPath(for: url)
        let descriptor = open(
            temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, exists ? info.st_mode & 0o7777 : 0o666)
        guard descriptor >= 0 else { throw Failure(description: "cannot create a file in \(folder) (\(reason()))") }
        do {
            defer { close(descriptor) }
            if exists {
                guard fchmod(descriptor, info.st_mode & 0o7777) == 0 else {
                    throw Failure(description: "cannot keep the file's mode (\(reason()))")
                }
                if fchown(descriptor, info.st_uid, info.st_gid) != 0 {
                    throw Failure(
                        description: "cannot keep the file's owner and group (\(reason())); nothing was written")
                }
            }
            try content(descriptor)
            guard fsync(descriptor) == 0 else { throw Failure(description: "cannot write the file (\(reason()))") }
        } catch {
            unlink(temporary)
            throw error
        }
        // A second link to the old content (where links are allowed), so that the rename
        // drops one link and frees nothing.
        var retired: RetiredFile?
        if exists, retiring {
            let second = temporaryPath(for: url)
            if link(target, second) == 0 { retired = RetiredFile(path: second) }
        }
        guard rename(temporary, target) == 0 else {
            let failure = Failure(description: "cannot replace the file (\(reason()))")
            unlink(temporary)
            retired?.remove()
            throw failure
        }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
        return retired
    }

    /// A new temporary name beside `target`: `.NAME.UUID.tmp`, the names ``FileLock``'s
    /// holder removes as a killed writer's leftovers.
    private static func temporaryPath(for target: URL) -> String {
        (target.deletingLastPathComponent().path as NSString).appendingPathComponent(
            ".\(target.lastPathComponent).\(UUID().uuidString).tmp")
    }

    /// The file a path names after following symbolic links (the path itself when it is
    /// not a link, or when a link's target does not exist yet: then the link's target).
    static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
                let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
            else { return current }
            current =
                destination.hasPrefix("/")
                ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        return current
    }

    /// Writes all of `text`'s UTF-8 to `descriptor` (again where a write is cut short or
    /// interrupted), from the string's own bytes.
    package static func writeAll(_ text: String, to descriptor: Int32) throws {
        var text = text
        try text.withUTF8 { try writeAll($0, to: descriptor) }
    }

    /// Writes all of `bytes` to `descriptor` (again where a write is cut short or interrupted).
    package static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) throws {
        var offset = 0
        guard let base = bytes.baseAddress else { return }
        while offset < bytes.count {
            let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "cannot write the file (\(reason()))")
            }
            offset += written
        }
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
