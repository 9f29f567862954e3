import Foundation
import ModelForm
import ModelFormYAML

/// Reading and writing files (or `-`) for commands, with errors that name the path.
enum Files {
    /// A file's text (`-`: standard input). Past ``/ModelForm/InputLimits/fileBytes`` or with bytes
    /// that are not UTF-8 it is refused as invalid input, at the first bad byte.
    static func read(_ path: String) throws -> String {
        let environment = CLIEnvironment.current
        let data: Data
        if path == "-" {
            data = environment.readInput()
        } else {
            let full = environment.path(path)
            var info = stat()
            if stat(full, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > InputLimits.fileBytes {
                throw invalid(
                    path, 1, 1, "the file is \(info.st_size) bytes, more than the limit of \(InputLimits.fileBytes)")
            }
            guard let contents = FileManager.default.contents(atPath: full) else {
                throw CLIError("\(path): error: cannot read the file", status: CLIError.ioFailure)
            }
            data = contents
        }
        guard data.count <= InputLimits.fileBytes else {
            throw invalid(
                path, 1, 1, "the input is \(data.count) bytes, more than the limit of \(InputLimits.fileBytes)")
        }
        if let bad = UTF8Validation.firstInvalidByte(in: data) {
            throw invalid(
                path, bad.line, bad.column,
                "the file is not UTF-8 text (byte 0x\(String(bad.byte, radix: 16, uppercase: true)))")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Invalid input at a place in a file: reported as a diagnostic, exit status 1.
    private static func invalid(_ path: String, _ line: Int, _ column: Int, _ message: String) -> DiagnosticList {
        DiagnosticList([Diagnostic(message, at: SourceMark(file: path, line: line, column: column))])
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: CLIEnvironment.current.path(path))
    }

    static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: CLIEnvironment.current.path(path), isDirectory: &folder)
            && folder.boolValue
    }

    /// Writes UTF-8 bytes to a path (atomically) or to standard output for `-` or `nil`.
    static func write(utf8 bytes: UnsafeBufferPointer<UInt8>, to path: String?) throws {
        guard let path, path != "-" else {
            CLIEnvironment.current.outUTF8(bytes)
            return
        }
        do {
            try AtomicFile.write(utf8: bytes, to: CLIEnvironment.current.path(path))
        } catch {
            throw CLIError("\(path): error: \(reason(error))", status: CLIError.ioFailure)
        }
    }

    /// Writes what `content` hands its writer, piece by piece as it comes, to a path
    /// (atomically: nothing when `content` throws) or to standard output for `-` or `nil`.
    static func write(
        to path: String?, streaming content: ((UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Void
    ) throws {
        guard let path, path != "-" else {
            let out = CLIEnvironment.current.outUTF8
            return try content { out($0) }
        }
        do {
            try AtomicFile.write(to: CLIEnvironment.current.path(path), streaming: content)
        } catch {
            throw CLIError("\(path): error: \(reason(error))", status: CLIError.ioFailure)
        }
    }

    /// Writes text to a path (atomically) or to standard output for `-` or `nil`.
    static func write(_ text: String, to path: String?) throws {
        guard let path, path != "-" else {
            CLIEnvironment.current.out(text)
            return
        }
        var text = text
        try text.withUTF8 { try write(utf8: $0, to: path) }
    }

    /// Why a write failed, for after the path.
    static func reason(_ error: any Error) -> String {
        if let failure = error as? AtomicFile.Failure { return failure.description }
        if let cocoa = error as? CocoaError, let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError {
            return "cannot write the file (\(underlying.localizedDescription))"
        }
        return "cannot write the file"
    }
}

/// Where the first byte that is not UTF-8 sits in a file.
enum UTF8Validation {
    /// The line and column (1-based, counting Unicode scalars) of the first byte
    /// that does not belong to a valid UTF-8 sequence, and the byte; `nil` for valid UTF-8.
    static func firstInvalidByte(in data: Data) -> (line: Int, column: Int, byte: UInt8)? {
        let bytes = [UInt8](data)
        var line = 1
        var column = 1
        var index = 0
        while index < bytes.count {
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else { return (line, column, bytes[index]) }
            if bytes[index] == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += length
        }
        return nil
    }

    /// The length of the valid UTF-8 sequence at `index`, 0 when it is not one (overlong
    /// forms, surrogates and values past U+10FFFF are not).
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < bytes.count && range.contains(bytes[index + offset])
        }
        switch lead {
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }
}
