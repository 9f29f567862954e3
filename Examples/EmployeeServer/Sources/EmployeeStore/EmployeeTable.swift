import GRDB
import ModelForm
import ModelFormServer

/// The employee in a SQLite table, with a version column: a save updates the row only where
/// the version is still the one the page showed, so a change made meanwhile (another tab,
/// another server, a script) is never written over; the form answers 409 instead.
public struct EmployeeTable: ModelStore {
    public let database: DatabaseQueue

    /// Opens (or creates) the database at `path` (`:memory:` for a private one) with one employee.
    public init(path: String) throws {
        database = path == ":memory:" ? try DatabaseQueue() : try DatabaseQueue(path: path)
        try database.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS employee (
                        id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, age INTEGER NOT NULL,
                        street TEXT NOT NULL, city TEXT NOT NULL, version INTEGER NOT NULL)
                    """)
            let seed = Employee()
            try db.execute(
                sql: "INSERT OR IGNORE INTO employee VALUES (1, ?, ?, ?, ?, ?, 1)",
                arguments: [seed.name, seed.email, seed.age, seed.address.street, seed.address.city])
        }
    }

    public func load() async throws -> (model: Employee, version: String) {
        try await database.read { db in try Self.current(db) }
    }

    public func save(_ model: Employee, expecting version: String) async throws -> String {
        try await database.write { db in
            try db.execute(
                sql:
                    "UPDATE employee SET name = ?, email = ?, age = ?, street = ?, city = ?, version = version + 1 WHERE id = 1 AND version = ?",
                arguments: [
                    model.name, model.email, model.age, model.address.street, model.address.city, Int(version) ?? -1,
                ])
            let current = try Self.current(db)
            guard db.changesCount == 1 else {
                throw StoreConflict(
                    current: StoredValues(
                        values: try FormValueEncoder().encode(current.model), version: current.version))
            }
            return current.version
        }
    }

    private static func current(_ db: Database) throws -> (model: Employee, version: String) {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM employee WHERE id = 1") else {
            throw DatabaseError(message: "no employee")
        }
        let employee = Employee(
            name: row["name"], email: row["email"], age: row["age"],
            address: Address(street: row["street"], city: row["city"]))
        return (employee, String(row["version"] as Int))
    }
}
