import Foundation
import ModelFormRecords
import PostgresNIO

/// Reads the tables of a PostgreSQL schema (for `modelform import --database postgres://…`;
/// only reads): columns with their types, `NOT NULL`, defaults, the integer primary key the
/// database numbers itself (`serial`, an identity), one-column foreign keys, and the values a
/// `CHECK (column IN ('a', 'b'))` allows (which PostgreSQL keeps as `= ANY (ARRAY[…])`).
package enum PostgresCatalog {
    /// The schema's tables, or only the table `only` names.
    package static func tables(
        client: PostgresClient, schema: String = "public", only: String? = nil, answerLimit: Duration = .seconds(10)
    ) async throws -> [CatalogTable] {
        let place = "postgres \(schema)"
        let columns: PostgresQuery = """
            SELECT c.table_name::text, c.column_name::text, c.data_type::text, c.is_nullable::text,
                   c.column_default::text, c.is_identity::text
            FROM information_schema.columns c JOIN information_schema.tables t
              ON t.table_schema = c.table_schema AND t.table_name = c.table_name
            WHERE c.table_schema = \(schema) AND t.table_type = 'BASE TABLE'
              AND (\(only)::text IS NULL OR c.table_name = \(only))
            ORDER BY c.table_name, c.ordinal_position
            """
        let constraints: PostgresQuery = """
            SELECT cl.relname::text, c.contype::text, pg_get_constraintdef(c.oid),
                   (SELECT a.attname::text FROM pg_attribute a WHERE a.attrelid = c.conrelid AND a.attnum = c.conkey[1]),
                   (SELECT f.relname::text FROM pg_class f WHERE f.oid = c.confrelid),
                   cardinality(c.conkey),
                   CASE c.confdeltype WHEN 'c' THEN 'CASCADE' WHEN 'n' THEN 'SET NULL' WHEN 'd' THEN 'SET DEFAULT'
                     WHEN 'r' THEN 'RESTRICT' ELSE 'NO ACTION' END
            FROM pg_constraint c JOIN pg_class cl ON cl.oid = c.conrelid JOIN pg_namespace n ON n.oid = cl.relnamespace
            WHERE n.nspname = \(schema) AND c.contype IN ('p', 'f', 'c') AND (\(only)::text IS NULL OR cl.relname = \(only))
            ORDER BY cl.relname, c.conname
            """
        var keys: [String: String] = [:]  // table: its one-column primary key
        var references: [String: String] = [:]  // "table.column": table
        var onDelete: [String: String] = [:]  // "table.column": its foreign key's ON DELETE
        var checks: [String: [String]] = [:]  // table: CHECK definitions
        for row in try await client.answer(constraints, place: place, within: answerLimit) {
            let (table, kind, definition, column, target, count, deletion) = try row.decode(
                (String, String, String, String?, String?, Int?, String).self)
            switch kind {
            case "p" where count == 1: keys[table] = column
            case "f" where count == 1:
                if let column, let target {
                    references[table + "." + column] = target
                    onDelete[table + "." + column] = deletion
                }
            case "c": checks[table, default: []].append(definition)
            default: break
            }
        }
        var tables: [CatalogTable] = []
        for row in try await client.answer(columns, place: place, within: answerLimit) {
            let (table, name, type, nullable, defaultSQL, identity) = try row.decode(
                (String, String, String, String, String?, String).self)
            // The id: an integer primary key the database numbers (a sequence or an identity).
            let numbered = identity == "YES" || defaultSQL?.hasPrefix("nextval(") == true
            let isRowID = keys[table] == name && ["smallint", "integer", "bigint"].contains(type) && numbered
            let column = CatalogColumn(
                name: name, declaredType: type, isNotNull: nullable == "NO", isRowID: isRowID,
                defaultSQL: isRowID ? nil : defaultSQL,
                choices: checks[table]?.lazy.compactMap { choices(of: name, in: $0) }.first,
                references: references[table + "." + name], onDelete: onDelete[table + "." + name])
            if tables.last?.name == table {
                tables[tables.count - 1].columns.append(column)
            } else {
                tables.append(CatalogTable(name: table, columns: [column]))
            }
        }
        return tables
    }

    /// The values `CHECK ((column = ANY (ARRAY['a'::text, 'b'::text])))` allows (PostgreSQL's
    /// own form of `column IN ('a', 'b')`; a `varchar` column's has more casts).
    package static func choices(of column: String, in definition: String) -> [String]? {
        let name = NSRegularExpression.escapedPattern(for: column)
        guard
            let expression = try? NSRegularExpression(
                pattern:
                    "^CHECK \\(\\(+(?:\"\(name)\"|\(name))\\)?(?:::[a-z ]+)? = ANY \\(\\(?ARRAY\\[([^\\]]*)\\]\\)?(?:::[a-z ]+\\[\\])?\\)\\)+$"
            ),
            let match = expression.firstMatch(in: definition, range: NSRange(definition.startIndex..., in: definition)),
            let list = Range(match.range(at: 1), in: definition)
        else { return nil }
        return CatalogColumn.literals(in: String(definition[list]))
    }
}
