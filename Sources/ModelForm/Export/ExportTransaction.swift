import Foundation

/// Writes a set of files into a folder all or nothing. Files are staged in a hidden folder
/// inside the target folder (the same file system, so moves are renames); committing moves
/// each existing file aside and the staged one in; rolling back restores what was moved
/// aside, removes what was moved in and the staging folders, and the target folder when
/// this transaction created it.
package struct ExportTransaction {
    package let folder: URL
    private let createdFolder: Bool
    private let staging: URL
    private let backup: URL
    /// The names staged, in order.
    package private(set) var names: [String] = []
    private var staged: Set<String> = []
    /// Names moved into the folder so far, and whether each replaced a file.
    private var committed: [(name: String, replaced: Bool)] = []

    package init(folder: URL) throws {
        self.folder = folder
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        createdFolder = !manager.fileExists(atPath: folder.path, isDirectory: &isFolder)
        if createdFolder { try manager.createDirectory(at: folder, withIntermediateDirectories: true) }
        let id = UUID().uuidString
        staging = folder.appendingPathComponent(".modelform-staging-\(id)")
        backup = folder.appendingPathComponent(".modelform-backup-\(id)")
        do {
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            if createdFolder { try? manager.removeItem(at: folder) }
            throw error
        }
    }

    /// Stages what `body` stages into `folder`, then commits it: all or nothing (rolled back
    /// on any error `body` or the commit throws). Returns the names written.
    package static func writing(to folder: URL, _ body: (inout ExportTransaction) throws -> Void) throws -> [String] {
        var transaction = try ExportTransaction(folder: folder)
        do {
            try body(&transaction)
            try transaction.commit()
        } catch {
            transaction.rollBack()
            throw error
        }
        return transaction.names
    }

    /// Writes one file into the staging folder; a name staged twice is an error (two
    /// documents would share a file).
    package mutating func stage(_ name: String, _ text: String) throws {
        guard staged.insert(name).inserted else {
            throw AtomicFile.Failure(description: "two documents would both be written to \(name)")
        }
        try Data(text.utf8).write(to: staging.appendingPathComponent(name))
        names.append(name)
    }

    /// Moves every staged file into the folder, existing files aside first.
    package mutating func commit() throws {
        let manager = FileManager.default
        try manager.createDirectory(at: backup, withIntermediateDirectories: false)
        for name in names {
            let target = folder.appendingPathComponent(name)
            let replaced = manager.fileExists(atPath: target.path)
            if replaced { try move(target, backup.appendingPathComponent(name)) }
            do {
                try move(staging.appendingPathComponent(name), target)
            } catch {
                if replaced { try? move(backup.appendingPathComponent(name), target) }
                throw error
            }
            committed.append((name, replaced))
        }
        try? manager.removeItem(at: backup)
        try? manager.removeItem(at: staging)
    }

    /// Puts everything back as it was before the transaction.
    package mutating func rollBack() {
        let manager = FileManager.default
        for (name, replaced) in committed.reversed() {
            let target = folder.appendingPathComponent(name)
            try? manager.removeItem(at: target)
            if replaced { try? move(backup.appendingPathComponent(name), target) }
        }
        committed = []
        try? manager.removeItem(at: staging)
        try? manager.removeItem(at: backup)
        if createdFolder { try? manager.removeItem(at: folder) }
    }

    private func move(_ source: URL, _ destination: URL) throws {
        guard rename(source.path, destination.path) == 0 else {
            throw AtomicFile.Failure(
                description: "cannot move \(source.lastPathComponent) into place (\(String(cString: strerror(errno))))")
        }
    }
}
