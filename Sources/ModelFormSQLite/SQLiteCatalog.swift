import Foundation
import GRDB
import ModelFormRecords

/// Reads the tables of an existing SQLite file (opened read-only: nothing is written), for
/// `modelform import --database`: columns with their declared types, `NOT NULL`, defaults,
/// the integer primary key, one-column foreign keys, and the values a
/// `CHECK (column IN ('a', 'b'))` allows.
package enum SQLiteCatalog {
    package static func tables(path: String) throws -> [CatalogTable] {
        guard FileManager.default.fileExists(atPath: path) else {
            throw RecordStoreError.unavailable("\(path): no such file")
        }
        var configuration = Configuration()
        configuration.readonly = true
        let database = try DatabaseQueue(path: path, configuration: configuration)
        return try database.read { db in
            let names = try String.fetchAll(
                db,
                sql:
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_modelform\\_%' ESCAPE '\\' ORDER BY name"
            )
            return try names.map { name in
                let sql = try String.fetchOne(
                    db, sql: "SELECT sql FROM sqlite_master WHERE name = ?", arguments: [name])
                let primaryKey = try db.primaryKey(name)
                let rowID = primaryKey.rowIDColumn
                var references: [String: String] = [:]
                for key in try db.foreignKeys(on: name) where key.mapping.count == 1 {
                    references[key.originColumns[0]] = key.destinationTable
                }
                // Each one-column foreign key's ON DELETE action (GRDB's keys do not say it).
                var onDelete: [String: String] = [:]
                for row in try Row.fetchAll(
                    db,
                    sql:
                        "SELECT \"from\", on_delete FROM pragma_foreign_key_list(?) GROUP BY id HAVING count(*) = 1",
                    arguments: [name])
                {
                    onDelete[row[0]] = row[1]
                }
                let columns = try db.columns(in: name).map { column in
                    CatalogColumn(
                        name: column.name, declaredType: column.type,
                        isNotNull: column.isNotNull || column.name == rowID, isRowID: column.name == rowID,
                        defaultSQL: column.defaultValueSQL,
                        choices: sql.flatMap { Self.choices(of: column.name, in: $0) },
                        references: references[column.name], onDelete: onDelete[column.name])
                }
                return CatalogTable(name: name, columns: columns)
            }
        }
    }

    /// The values `CHECK (column IN ('a', 'b'))` in a `CREATE TABLE` statement allows.
    static func choices(of column: String, in sql: String) -> [String]? {
        let quoted =
            "(?:\"\(NSRegularExpression.escapedPattern(for: column))\"|\(NSRegularExpression.escapedPattern(for: column)))"
        guard
            let expression = try? NSRegularExpression(
                // Literals separated by commas (a doubled quote is in a literal, never between
                // two): one way to read a list, so no backtracking blows up.
                pattern:
                    "CHECK\\s*\\(\\s*\(quoted)\\s+IN\\s*\\(\\s*('(?:[^']|'')*'(?:\\s*,\\s*'(?:[^']|'')*')*)\\s*\\)\\s*\\)",
                options: [.caseInsensitive]),
            let match = expression.firstMatch(in: sql, range: NSRange(sql.startIndex..., in: sql)),
            let list = Range(match.range(at: 1), in: sql)
        else { return nil }
        return CatalogColumn.literals(in: String(sql[list]))
    }
}
