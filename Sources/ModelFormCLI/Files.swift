import Foundation
import ModelFormYAML
import ModelForm

/// Reading and writing files (or `-`) for commands, with errors that name the path.
enum Files {
    static func read(_ path: String) throws -> String {
        let environment = CLIEnvironment.current
        if path == "-" { return String(decoding: environment.readInput(), as: UTF8.self) }
        do {
            return try String(contentsOfFile: environment.path(path), encoding: .utf8)
        } catch {
            throw CLIError("\(path): error: cannot read the file", status: CLIError.ioFailure)
        }
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: CLIEnvironment.current.path(path))
    }

    static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: CLIEnvironment.current.path(path), isDirectory: &folder) && folder.boolValue
    }

    /// Writes text to a path (atomically) or to standard output for `-` or `nil`.
    static func write(_ text: String, to path: String?) throws {
        guard let path, path != "-" else {
            CLIEnvironment.current.out(text)
            return
        }
        do {
            try AtomicFile.write(text, to: CLIEnvironment.current.path(path))
        } catch {
            throw CLIError("\(path): error: cannot write the file", status: CLIError.ioFailure)
        }
    }
}
