import GRDB
import ModelForm
import ModelFormRecords

/// Brings a type's table to its layout: creates it, or adds the columns of new properties
/// (an existing row, `NULL` there, reads the property's default when it is not optional).
/// A column whose declared kind differs from its property's is refused: changing it could
/// lose data, so nothing is changed.
///
/// A table ModelForm did not make (no `_id` and `_version`) is used as it is, never altered:
/// its integer primary key is the records' id, and it must have a column for every property.
struct SQLiteMigration {
    let layout: RecordLayout

    /// Where a table keeps a record's id and version.
    struct Shape {
        /// The id column: `_id`, or a table's own integer primary key.
        var idColumn = "_id"
        /// `_version`, or `nil` in a table ModelForm did not make: there a record's version
        /// is a digest of its columns.
        var versionColumn: String? = "_version"
        /// The columns of text (declared `TEXT`, `VARCHAR`...) in a table ModelForm did not make.
        var textColumns: Set<String> = []
        /// The trigram index of the text columns (``SQLiteSearchIndex``), where there is one.
        var searchIndex: String?
    }

    func apply(_ db: Database) throws -> Shape {
        let table = layout.typeName.sqlIdentifier
        guard try db.tableExists(layout.typeName) else {
            let columns = try layout.columns.map {
                "\($0.key.sqlIdentifier) \($0.kind.rawValue)" + (try reference($0, db))
            }
            try db.execute(
                sql: "CREATE TABLE \(table) (_id INTEGER PRIMARY KEY AUTOINCREMENT, _version INTEGER NOT NULL"
                    + columns.map { ", " + $0 }.joined() + ")")
            return Shape(searchIndex: try SQLiteSearchIndex(layout: layout).apply(db))
        }
        let existing = Dictionary(
            try db.columns(in: layout.typeName).map { ($0.name, $0.type.uppercased()) }, uniquingKeysWith: { a, _ in a }
        )
        guard existing["_id"] != nil, existing["_version"] != nil else { return try foreign(db, existing) }
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
                sql: "ALTER TABLE \(table) ADD COLUMN \(column.key.sqlIdentifier) \(column.kind.rawValue)"
                    + (try reference(column, db)))
        }
        return Shape(searchIndex: try SQLiteSearchIndex(layout: layout).apply(db))
    }

    /// A lookup column's foreign key, when the table it names is there and ModelForm made it
    /// (its own table included): ` REFERENCES "Department"(_id) ON DELETE RESTRICT`. The
    /// server carries out a lookup's delete policy itself; the key keeps any program from
    /// leaving a dangling id.
    private func reference(_ column: RecordColumn, _ db: Database) throws -> String {
        guard let target = column.references else { return "" }
        if target != layout.typeName {
            guard try db.tableExists(target), try db.columns(in: target).contains(where: { $0.name == "_id" }) else {
                return ""
            }
        }
        return " REFERENCES \(target.sqlIdentifier)(_id) ON DELETE RESTRICT"
    }

    /// A table another program made, used as it is.
    private func foreign(_ db: Database, _ existing: [String: String]) throws -> Shape {
        guard let id = try db.primaryKey(layout.typeName).rowIDColumn else {
            throw RecordStoreError.incompatibleTable(
                layout.typeName,
                reason:
                    "it has no integer primary key to tell its records apart (and ModelForm changes no table it did not make)"
            )
        }
        try layout.requireColumns(in: Set(existing.keys))
        let texts = existing.filter { ["CHAR", "CLOB", "TEXT"].contains(where: $0.value.contains) }.keys
        return Shape(idColumn: id, versionColumn: nil, textColumns: Set(texts))
    }
}
