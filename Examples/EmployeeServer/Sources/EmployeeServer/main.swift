import EmployeeStore
import Foundation
import Hummingbird
import ModelFormHummingbird

// swift run EmployeeServer [DATABASE] [PORT]: serves the employee form at /employee.
let arguments = CommandLine.arguments
let table = try EmployeeTable(path: arguments.count > 1 ? arguments[1] : "employee.sqlite")
let port = arguments.count > 2 ? Int(arguments[2]) ?? 8080 : 8080

let router = Router()
try router.addForm(Employee.self, at: "/employee", store: table)
let app = Application(
    router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
    onServerRunning: { channel in
        print("Serving the employee form at http://127.0.0.1:\(channel.localAddress?.port ?? port)/employee")
    })
try await app.runService()
