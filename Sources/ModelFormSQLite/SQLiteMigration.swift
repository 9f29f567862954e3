import GRDB
import ModelForm
import ModelFormRecords

/// Brings a type's table to its layout: creates it, or adds the columns of new properties
/// (an existing row, `NULL` there, reads the property's default when it is not optional).
/// A column whose declared kind differs from its property's is refused: changing it could
/// lose data, so nothing is changed.
struct SQLiteMigration {
    let layout: RecordLayout

    func apply(_ db: Database) throws {
        let table = layout.typeName.sqlIdentifier
        guard try db.tableExists(layout.typeName) else {
            let columns = layout.columns.map { "\($0.key.sqlIdentifier) \($0.kind.rawValue)" }
            try db.execute(
                sql: "CREATE TABLE \(table) (_id INTEGER PRIMARY KEY, _version INTEGER NOT NULL"
                    + columns.map { ", " + $0 }.joined() + ")")
            return
        }
        let existing = Dictionary(
            try db.columns(in: layout.typeName).map { ($0.name, $0.type.uppercased()) }, uniquingKeysWith: { a, _ in a }
        )
        guard existing["_id"] != nil, existing["_version"] != nil else {
            throw RecordStoreError.incompatibleTable(
                layout.typeName, reason: "it has no _id and _version columns (a table ModelForm did not make)")
        }
        for column in layout.columns {
            if let declared = existing[column.key] {
                guard declared == column.kind.rawValue else {
                    throw RecordStoreError.incompatibleTable(
                        layout.typeName,
                        reason:
                            "column '\(column.key)' holds \(declared), but the type's '\(column.key)' is \(column.kind.rawValue)"
                    )
                }
                continue
            }
            try db.execute(
                sql: "ALTER TABLE \(table) ADD COLUMN \(column.key.sqlIdentifier) \(column.kind.rawValue)")
        }
    }
}
