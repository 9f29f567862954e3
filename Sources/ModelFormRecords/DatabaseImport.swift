import Foundation
import ModelForm

/// A table of an existing database, as its catalogue describes it (what `modelform import
/// --database` reads).
package struct CatalogTable: Sendable, Equatable {
    package var name: String
    package var columns: [CatalogColumn]

    package init(name: String, columns: [CatalogColumn]) {
        self.name = name
        self.columns = columns
    }
}

/// One column of a ``CatalogTable``.
package struct CatalogColumn: Sendable, Equatable {
    package var name: String
    /// The type as declared (`VARCHAR(40)`, `integer`, `timestamp with time zone`).
    package var declaredType: String
    package var isNotNull: Bool
    /// Whether it is the table's integer primary key: the record's id, not a field.
    package var isRowID: Bool
    /// Its default, as SQL (`'member'`, `0`, `CURRENT_TIMESTAMP`).
    package var defaultSQL: String?
    /// The only values a `CHECK (column IN (...))` constraint allows.
    package var choices: [String]?
    /// The table a one-column foreign key on it names.
    package var references: String?
    /// That foreign key's `ON DELETE` action, as SQL says it (`CASCADE`, `SET NULL`,
    /// `RESTRICT`, `NO ACTION`, `SET DEFAULT`).
    package var onDelete: String?

    /// The quoted SQL literals in `list` (`'a', 'it''s'`, PostgreSQL's `'a'::text` too), unquoted.
    package static func literals(in list: String) -> [String] {
        let literal = try? NSRegularExpression(pattern: "'((?:[^']|'')*)'")
        return literal?.matches(in: list, range: NSRange(list.startIndex..., in: list)).compactMap { match in
            Range(match.range(at: 1), in: list).map { list[$0].replacingOccurrences(of: "''", with: "'") }
        } ?? []
    }

    package init(
        name: String, declaredType: String, isNotNull: Bool = false, isRowID: Bool = false, defaultSQL: String? = nil,
        choices: [String]? = nil, references: String? = nil, onDelete: String? = nil
    ) {
        self.name = name
        self.declaredType = declaredType
        self.isNotNull = isNotNull
        self.isRowID = isRowID
        self.defaultSQL = defaultSQL
        self.choices = choices
        self.references = references
        self.onDelete = onDelete
    }
}

/// A database's tables as ModelForm's two documents: a type definition (a type per table,
/// named by the table, a property per column, named by the column) and a forms file
/// (lookups for foreign keys, defaults, titles), with a note for each thing they leave out.
package struct DatabaseImport: Sendable {
    /// The root type: the first table by name.
    package let root: String
    /// `NAME.types.yaml`'s document.
    package let types: FormValue
    /// `NAME.forms.yaml`'s document.
    package let forms: FormValue
    /// What the files do not say (`employees.hired: its default CURRENT_TIMESTAMP is the database's own`).
    package let notes: [String]

    /// The documents for `tables` (none empty).
    package init(tables: [CatalogTable]) {
        let tables = tables.sorted { $0.name < $1.name }
        let names = Set(tables.map(\.name))
        var types: [(String, FormValue)] = []
        var forms: [(String, FormValue)] = []
        var notes: [String] = []
        for table in tables {
            // A table ModelForm made: its own columns are not fields.
            let own = Set(["_id", "_version"])
            let isModelForms = own.isSubset(of: Set(table.columns.map(\.name)))
            var properties: [(String, FormValue)] = []
            var overrides: [(String, FormValue)] = []
            for column in table.columns where !column.isRowID && !(isModelForms && own.contains(column.name)) {
                let place = "\(table.name).\(column.name)"
                var type = Self.typeName(column.declaredType)
                var override: [(String, FormValue)] = []
                if let fieldType = Self.fieldType(column.declaredType) { override.append(("type", .string(fieldType))) }
                if let target = column.references {
                    if names.contains(target), type == "Int" {
                        override.append(("lookup", .string(target)))
                        if let title = Self.lookupTitle(column.name) { override.append(("title", .string(title))) }
                        switch column.onDelete?.uppercased() {
                        case "CASCADE"?: override.append(("onDelete", .string("cascade")))
                        case "SET NULL"? where !column.isNotNull: override.append(("onDelete", .string("clear")))
                        case "SET NULL"?, "SET DEFAULT"?:
                            notes.append(
                                "\(place): its foreign key's ON DELETE \(column.onDelete ?? "") is not a delete policy here; a delete is refused while a record refers"
                            )
                        default: break  // RESTRICT, NO ACTION: refuse, the default
                        }
                    } else {
                        notes.append(
                            "\(place): its foreign key to '\(target)' is not a lookup (a lookup holds an integer id of a table here)"
                        )
                    }
                }
                if let defaultSQL = column.defaultSQL {
                    if let value = Self.literal(defaultSQL, as: type) {
                        override.append(("default", value))
                    } else {
                        notes.append(
                            "\(place): its default \(defaultSQL) is the database's own; the form starts it empty")
                    }
                }
                let optional = !column.isNotNull
                if let choices = column.choices, type == "String" {
                    var inline: [(String, FormValue)] = [("enum", .list(choices.map(FormValue.string)))]
                    if optional { inline.append(("optional", .bool(true))) }
                    properties.append((column.name, .record(FormRecord(inline))))
                } else {
                    if optional, type != "JSON" { type += "?" }  // free JSON holds null itself
                    properties.append((column.name, .string(type)))
                }
                if !override.isEmpty { overrides.append((column.name, .record(FormRecord(override)))) }
            }
            if !table.columns.contains(where: \.isRowID), !isModelForms {
                notes.append("\(table.name): it has no integer primary key, so its records cannot be told apart by id")
            }
            types.append((table.name, .record(FormRecord(properties))))
            if !overrides.isEmpty {
                forms.append((table.name, .record(FormRecord([("overrides", .record(FormRecord(overrides)))]))))
            }
        }
        root = tables.first?.name ?? ""
        self.types = .record(FormRecord([("root", .string(root)), ("types", .record(FormRecord(types)))]))
        self.forms = .record(FormRecord(forms))
        self.notes = notes
    }

    /// The ModelForm type of a column declared `declared`, by the names PostgreSQL and SQLite
    /// give (then by SQLite's affinity rules: `INT` in it is a whole number, `CHAR`, `CLOB`
    /// or `TEXT` text, `BLOB` bytes, `REAL`, `FLOA` or `DOUB` a floating-point number).
    static func typeName(_ declared: String) -> String {
        let type = declared.uppercased()
        func has(_ parts: String...) -> Bool { parts.contains { type.contains($0) } }
        if has("BOOL") { return "Bool" }
        if has("JSON") { return "JSON" }
        // PostgreSQL's timestamps (`timestamp with time zone`, `timestamp without time zone`,
        // as its catalogue names them) hold an instant the server reads and writes in any ISO
        // 8601 spelling: a date-time field (see ``fieldType(_:)``). SQLite's `DATETIME` or
        // `TIMESTAMP` is text in a spelling of each program's own, and a time of day has no
        // date: edited as the text, which reads back exactly. A date alone is a date.
        if has("TIMESTAMP"), has("TIME ZONE") { return "Date" }
        if has("TIMESTAMP", "DATETIME") || type == "TIME" || type.hasPrefix("TIME ") { return "String" }
        if has("DATE") { return "Date" }
        if has("INT", "SERIAL") { return "Int" }
        if has("CHAR", "CLOB", "TEXT", "UUID", "CITEXT") { return "String" }
        if has("BLOB", "BYTEA") { return "Data" }
        if has("REAL", "FLOA", "DOUB") { return "Double" }
        if has("NUMERIC", "DECIMAL", "MONEY") { return "Decimal" }
        // No declared type (SQLite takes any value there), or one of its own: any JSON value.
        return type.isEmpty ? "JSON" : "String"
    }

    /// The field type a column of type `declared` needs beside its property's type: a
    /// PostgreSQL timestamp is a `datetime` (a `Date` is a day otherwise).
    static func fieldType(_ declared: String) -> String? {
        let type = declared.uppercased()
        return type.contains("TIMESTAMP") && type.contains("TIME ZONE") ? "datetime" : nil
    }

    /// A default written as a SQL literal, as the property's value; `nil` for an expression.
    static func literal(_ sql: String, as type: String) -> FormValue? {
        var text = sql.trimmingCharacters(in: .whitespaces)
        while text.hasPrefix("("), text.hasSuffix(")") { text = String(text.dropFirst().dropLast()) }
        // PostgreSQL writes a literal with its type: 'member'::text, 'x'::character varying.
        if text.hasPrefix("'"), let cast = text.range(of: "'::", options: .backwards),
            text[cast.upperBound...].allSatisfy({ $0.isLetter || $0 == " " })
        {
            text = String(text[..<text.index(after: cast.lowerBound)])
        }
        if text.hasPrefix("'"), text.hasSuffix("'"), text.count >= 2 {
            let inner = String(text.dropFirst().dropLast())
            // 'a' || 'b' is an expression: a quote left once the doubled ones are gone.
            guard !inner.replacingOccurrences(of: "''", with: "").contains("'") else { return nil }
            return type == "String" ? .string(inner.replacingOccurrences(of: "''", with: "'")) : nil
        }
        switch type {
        case "Bool":
            switch text.uppercased() {
            case "1", "TRUE": return .bool(true)
            case "0", "FALSE": return .bool(false)
            default: return nil
            }
        case "Int": return Int64(text).map(FormValue.int)
        case "Double": return Double(text).map(FormValue.double)
        default: return nil
        }
    }

    /// `Department` for a foreign key column `department_id` (or `departmentId`).
    static func lookupTitle(_ column: String) -> String? {
        for suffix in ["_id", "Id", "_ID"] where column.hasSuffix(suffix) && column.count > suffix.count {
            let stem = column.dropLast(suffix.count).split(separator: "_").map {
                $0.prefix(1).uppercased() + $0.dropFirst()
            }
            return stem.joined(separator: " ")
        }
        return nil
    }
}
