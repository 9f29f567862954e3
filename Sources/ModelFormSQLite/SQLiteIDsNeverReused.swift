import GRDB
import ModelFormRecords

/// Makes a ModelForm table's ids never come back: `_id INTEGER PRIMARY KEY AUTOINCREMENT`.
///
/// A plain `INTEGER PRIMARY KEY` gives a new row the largest id plus one, so deleting the
/// newest record and adding another hands the new one the deleted one's id, at version 1
/// like it: a page still open on the deleted record would then save over the new one.
/// `AUTOINCREMENT` never reuses an id (SQLite keeps the largest in `sqlite_sequence`).
///
/// Tables made by an earlier ModelForm are rebuilt once, the way SQLite documents for a
/// change `ALTER TABLE` cannot make: in one transaction a copy with the new key is made,
/// every row copied with its id (so every reference to one still holds), the old table
/// dropped and the copy renamed, its indexes and triggers made again. Foreign keys are off
/// for the rebuild (dropping a table others refer to would be refused) and on again after. Another process doing the same waits for the write lock and then finds the
/// table rebuilt.
struct SQLiteIDsNeverReused {
    let typeName: String

    /// How a table ModelForm made before begins, up to its first column.
    private var plainKey: String { "CREATE TABLE \(typeName.sqlIdentifier) (_id INTEGER PRIMARY KEY, " }

    func apply(_ writer: any DatabaseWriter) throws {
        guard try writer.read({ db in try needsRebuild(db) }) else { return }
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
            try db.inTransaction(.immediate) {
                if try needsRebuild(db) { try rebuild(db) }
                return .commit
            }
        }
    }

    private func definition(_ db: Database) throws -> String? {
        try String.fetchOne(
            db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [typeName])
    }

    private func needsRebuild(_ db: Database) throws -> Bool {
        try definition(db)?.hasPrefix(plainKey) == true
    }

    private func rebuild(_ db: Database) throws {
        guard let old = try definition(db) else { return }
        let table = typeName.sqlIdentifier
        let copy = "_modelform_rebuild_\(typeName)".sqlIdentifier
        let extras = try String.fetchAll(
            db,
            sql:
                "SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL",
            arguments: [typeName])
        try db.execute(
            sql: "CREATE TABLE \(copy) (_id INTEGER PRIMARY KEY AUTOINCREMENT, " + old.dropFirst(plainKey.count))
        try db.execute(sql: "INSERT INTO \(copy) SELECT * FROM \(table)")
        try db.execute(sql: "DROP TABLE \(table)")
        // The legacy rename touches no other table's definition: their REFERENCES name the
        // table, which is the copy's name once renamed.
        try db.execute(sql: "PRAGMA legacy_alter_table = ON")
        defer { try? db.execute(sql: "PRAGMA legacy_alter_table = OFF") }
        try db.execute(sql: "ALTER TABLE \(copy) RENAME TO \(table)")
        for statement in extras { try db.execute(sql: statement) }
    }
}
