import Foundation
import ModelFormCLI

/// A temporary folder with the files a hostile case needs, and a snapshot of everything in
/// it (bytes, mode, owner, links), so a case can prove nothing outside its writes changed.
struct HostileFolder {
    let url: URL

    init(_ files: [String: Data] = [:]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("modelform-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, data) in files { try write(name, data) }
    }

    var path: String { url.path }
    func file(_ name: String) -> String { url.appendingPathComponent(name).path }
    func write(_ name: String, _ data: Data) throws {
        let target = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target)
    }
    func write(_ name: String, _ text: String) throws { try write(name, Data(text.utf8)) }
    func read(_ name: String) throws -> String { try String(contentsOfFile: file(name), encoding: .utf8) }
    func remove() { try? FileManager.default.removeItem(at: url) }

    func run(_ arguments: [String], input: String = "", variables: [String: String] = [:]) -> CLIRun {
        CLIRun(arguments, directory: path, input: input, variables: variables)
    }

    /// Every entry under the folder: its bytes (a link's target path), mode, owner and group.
    func snapshot() -> [String: Entry] {
        var entries: [String: Entry] = [:]
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let name = enumerator?.nextObject() as? String {
            let full = file(name)
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            let kind = info.st_mode & S_IFMT
            let content: Data
            if kind == S_IFLNK {
                content = Data(((try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "").utf8)
            } else if kind == S_IFREG {
                content = FileManager.default.contents(atPath: full) ?? Data()
            } else {
                content = Data()
            }
            entries[name] = Entry(content: content, mode: info.st_mode, owner: info.st_uid, group: info.st_gid)
        }
        return entries
    }

    struct Entry: Equatable {
        var content: Data
        var mode: mode_t
        var owner: uid_t
        var group: gid_t
    }
}

/// Small models for hostile cases.
enum HostileModels {
    static let team = """
        root: Team
        types:
          Team:
            name: String
            friends: "[Person]"
          Person:
            name: String
            friends: "[Person]"
        """
    static let teamValues = "name: A\nfriends:\n  - {name: Ann, friends: []}\n"

    /// `count` types, each requiring the next.
    static func chain(_ count: Int, optionalFirst: Bool = false) -> String {
        var lines = [
            "root: Root", "types:", "  Root:", "    name: String", "    next: \(optionalFirst ? "T0?" : "T0")",
        ]
        for index in 0..<count {
            lines += ["  T\(index):", "    name: String"]
            if index + 1 < count { lines.append("    next: T\(index + 1)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
