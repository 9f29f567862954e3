import Foundation
import Hummingbird
import ModelFormHummingbird
import StaffDirectory

// swift run EmployeeServer [DATABASE] [PORT]: serves the staff directory's admin pages at /.
let arguments = CommandLine.arguments
let directory = try StaffDirectory(path: arguments.count > 1 ? arguments[1] : "staff.sqlite")
try await directory.seedIfEmpty()
let port = arguments.count > 2 ? Int(arguments[2]) ?? 8080 : 8080
// Set MODELFORM_SECRET to share one between several processes over one file.
let secret =
    ProcessInfo.processInfo.environment["MODELFORM_SECRET"].map { Array($0.utf8) }
    ?? (0..<32).map { _ in UInt8.random(in: .min ... .max) }

let router = Router().addRecords(directory.server(secret: secret))
let app = Application(
    router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
    onServerRunning: { channel in
        // Unbuffered: a script that started the server reads the line at once.
        FileHandle.standardOutput.write(
            Data("Serving the staff directory at http://127.0.0.1:\(channel.localAddress?.port ?? port)/\n".utf8))
    })
try await app.runService()
