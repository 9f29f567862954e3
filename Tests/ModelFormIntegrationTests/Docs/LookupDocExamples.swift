import Foundation
import ModelForm
import ModelFormRecords
import ModelFormSQLite
import ModelFormServer
import Testing

/// The examples of lookups (`Reference`, `Field.lookup`, a shared SQLite database and the
/// Records article's section), each compiled and run here.
@Suite struct LookupDocExamples {
    struct Department: Codable {
        var name = ""
    }
    struct Employee: Codable {
        var name = ""
        var department: Reference<Department>?
    }

    @Test func references() throws {
        // doc: Sources/ModelForm/Describe/Reference.swift
        struct Department: Codable {
            var name = ""
        }
        struct Employee: Codable {
            var name = ""
            var department: Reference<Department>?  // a lookup: `department`'s field has `lookup` Department
        }
        let configs = try ConfigDictionary(describing: Employee.self)  // Department's form too
        let employee = Employee(name: "Ada", department: Reference(3))
        // end doc
        #expect(configs["Department"] != nil && employee.department?.id == 3)
        var config = try #require(configs["Employee"])
        config.fields[1].lookup = nil
        // doc: Sources/ModelForm/Config/Field.swift
        try config.update("department") { $0.lookup = "Department" }
        // end doc
        #expect(config.field("department")?.lookup == "Department")
        // doc: Sources/ModelForm/Config/Field.swift
        try config.update("department") { $0.onDelete = .clear }
        // end doc
        #expect(config.field("department")?.onDelete == .clear)
        struct Badge: Codable {
            var holder: Reference<Employee>?
        }
        try {
            var configs = try ConfigDictionary(describing: Badge.self)
            // doc: Sources/ModelForm/Config/LookupDeletion.swift
            try configs["Badge"]?.update("holder") { $0.onDelete = LookupDeletion.cascade }
            // end doc
            #expect(configs["Badge"]?.field("holder")?.onDelete == .cascade)
        }()
    }

    @Test func lookupsServed() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("staff-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let secret = Array("a secret of thirty-two bytes or more".utf8)
        // doc: Sources/ModelForm/ModelForm.docc/Records.md
        let configs = try ConfigDictionary(describing: Employee.self)  // Employee and Department
        let employees = try SQLiteRecordStore(path: path, typeName: "Employee", configs: configs)
        let departments = try SQLiteRecordStore(sharing: employees, typeName: "Department", configs: configs)
        let server = RecordServer(
            configs: configs,
            tables: [
                RecordServer.Table(typeName: "Employee", records: employees),
                RecordServer.Table(typeName: "Department", records: departments),
            ], secret: secret)
        // end doc
        let sales = try await departments.insert(.record(["name": .string("Sales")]))
        do {
            // doc: Sources/ModelFormSQLite/SQLiteRecordStore.swift
            let employees = try SQLiteRecordStore(path: path, typeName: "Employee", configs: configs)
            let departments = try SQLiteRecordStore(sharing: employees, typeName: "Department", configs: configs)
            // end doc
            #expect(try await departments.load(id: sales.id) != nil)
            #expect(try await employees.count(RecordQuery()) == 0)
        }
        let page = await server.respond(
            to: FormRequest(method: "GET", path: "/Employee/new", headers: [("Host", "localhost")]))
        #expect(page.text.contains(#"<option value="1">Sales</option>"#))
    }
}
