import ModelForm
import ModelFormRecords
import ModelFormSQLite
import ModelFormServer

/// The staff directory: employees, departments and skills in one SQLite file, each type a
/// table that ModelForm makes from the model (no SQL here), served as admin pages: a list
/// with search, sort and pages, new, edit and delete, with the lookups between them.
public struct StaffDirectory: Sendable {
    public let employees: SQLiteRecordStore
    public let departments: SQLiteRecordStore
    public let skills: SQLiteRecordStore
    public let configs: ConfigDictionary

    /// Opens (or creates) the directory at `path` (`:memory:` for a private one).
    public init(path: String) throws {
        configs = try ConfigDictionary(describing: Employee.self)  // Department and Skill too
        employees = try SQLiteRecordStore(path: path, typeName: "Employee", configs: configs)
        departments = try SQLiteRecordStore(sharing: employees, typeName: "Department", configs: configs)
        skills = try SQLiteRecordStore(sharing: employees, typeName: "Skill", configs: configs)
    }

    /// The admin pages over the three tables; `secret` signs their CSRF tokens (processes
    /// that share it serve the same directory).
    public func server(secret: [UInt8]) -> RecordServer {
        RecordServer(
            configs: configs,
            tables: [
                RecordServer.Table(typeName: "Employee", records: employees, columns: ["name", "department", "email"]),
                RecordServer.Table(typeName: "Department", records: departments),
                RecordServer.Table(typeName: "Skill", records: skills),
            ], secret: secret)
    }

    /// Adds a few records when the directory is empty, so the pages have something to show.
    public func seedIfEmpty() async throws {
        guard try await employees.count(RecordQuery()) == 0 else { return }
        let research = try await departments.insert(try Self.values(Department(name: "Research", floor: 2)))
        _ = try await departments.insert(try Self.values(Department(name: "Sales", floor: 1)))
        let maths = try await skills.insert(try Self.values(Skill(name: "Mathematics")))
        let writing = try await skills.insert(try Self.values(Skill(name: "Writing")))
        _ = try await skills.insert(try Self.values(Skill(name: "Swift")))
        let ada = try await employees.insert(
            try Self.values(
                Employee(
                    name: "Ada Lovelace", email: "ada@example.com", age: 36,
                    address: Address(street: "12 St James's Square", city: "London"),
                    department: Reference(research.id), skills: [Reference(maths.id), Reference(writing.id)])))
        _ = try await employees.insert(
            try Self.values(
                Employee(
                    name: "Charles Babbage", email: "charles@example.com", age: 48,
                    address: Address(street: "1 Dorset Street", city: "London"),
                    department: Reference(research.id), manager: Reference(ada.id), skills: [Reference(maths.id)])))
    }

    static func values(_ model: some Encodable) throws -> FormValue { try FormValueEncoder().encode(model) }
}
