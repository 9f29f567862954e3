import Foundation
import ModelForm
import ModelFormYAML

/// A value as a database column holds it.
package enum ColumnValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
}

/// One column of a type's table: a property of the type.
package struct RecordColumn: Sendable, Equatable {
    /// How a column stores its property's value, and the SQL type it is declared with.
    package enum Kind: String, Sendable {
        /// Text, and values written as text (dates, URLs, decimals, data in Base64).
        case text = "TEXT"
        /// Whole numbers.
        case integer = "INTEGER"
        /// Other numbers.
        case real = "REAL"
        /// `true` as 1, `false` as 0.
        case boolean = "BOOLEAN"
        /// Everything else (a record, a list, a map, an alternative, an enum, free JSON) as
        /// JSON text.
        case json = "JSON TEXT"
    }

    /// The property's key: the column's name.
    package var key: String
    package var kind: Kind
    /// Whether a record may leave it empty (`NULL`).
    package var isOptional: Bool
    /// The type a to-one lookup's column holds the id of (a foreign key where the store
    /// makes the table and that type's table is there), else `nil`.
    package var references: String? = nil
}

/// How a type's records are laid out in a table, and turned into its columns and back.
/// Every property is a column, named by its key; the store adds its own `_id` and
/// `_version`, so a property may be called `id`.
package struct RecordLayout: Sendable {
    package let typeName: String
    package private(set) var columns: [RecordColumn]
    private let format: ValuesFileFormat
    private let indexes: [String: Int]

    /// The layout of `typeName`'s records in `configs`.
    package init(typeName: String, configs: ConfigDictionary) throws(RecordStoreError) {
        guard let entity = configs.model.entity(typeName) else {
            throw .incompatibleTable(typeName, reason: "'\(typeName)' is not a type of the configs")
        }
        guard entity.otherKeys == nil else {
            throw .incompatibleTable(
                typeName, reason: "a type that keeps other keys beside its properties cannot be stored in a table yet")
        }
        if let taken = entity.properties.first(where: { $0.key == "_id" || $0.key == "_version" }) {
            throw .incompatibleTable(
                typeName, reason: "a property may not be called '\(taken.key)', the store's own column")
        }
        self.typeName = typeName
        let fields = configs[typeName]
        columns = entity.properties.map { property in
            let kind = Self.kind(of: property.valueType)
            return RecordColumn(
                key: property.key, kind: kind, isOptional: property.valueType.isOptional,
                references: kind == .integer ? fields?.field(property.key)?.lookup : nil)
        }
        indexes = Dictionary(columns.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        format = ValuesFileFormat(typeName: typeName, configs: configs)
    }

    private static func kind(of type: ValueType) -> RecordColumn.Kind {
        switch type {
        case .optional(let wrapped), .singleValue(_, let wrapped): return kind(of: wrapped)
        case .bool: return .boolean
        // A 64-bit unsigned value may pass Int64.max, where both databases' integers stop:
        // kept exact as text.
        case .unsigned(let bits) where bits >= 64: return .text
        case .integer, .unsigned: return .integer
        case .float: return .real
        case .string, .url, .date, .data, .decimal: return .text
        case .enumeration, .optionSet, .array, .set, .tuple, .dictionary, .json, .model, .union, .unsupported:
            return .json
        }
    }

    /// The layout where the columns `keys` name hold text as it is, not JSON: in a table
    /// ModelForm did not make, an enumeration's column is a text column (`'member'`).
    package func holdingText(_ keys: Set<String>) -> RecordLayout {
        var layout = self
        for index in layout.columns.indices where keys.contains(layout.columns[index].key) {
            if layout.columns[index].kind == .json { layout.columns[index].kind = .text }
        }
        return layout
    }

    /// Refuses a table another program made that lacks a column for a property (`existing`:
    /// its column names): ModelForm adds none to it.
    package func requireColumns(in existing: Set<String>) throws(RecordStoreError) {
        if let missing = columns.first(where: { !existing.contains($0.key) }) {
            throw .incompatibleTable(
                typeName, reason: "it has no column '\(missing.key)' (and ModelForm changes no table it did not make)")
        }
    }

    /// The column of a property, by key.
    package func column(_ key: String) -> RecordColumn? { indexes[key].map { columns[$0] } }

    /// The column a filter names (any property).
    package func filterColumn(_ key: String) throws(RecordStoreError) -> RecordColumn {
        guard let column = column(key) else { throw .unknownField(key, typeName: typeName) }
        return column
    }

    /// The column and item a `containing` condition names: a list property (stored as JSON)
    /// and a number, text or Boolean.
    package func containsColumn(_ key: String, item: FormValue) throws(RecordStoreError) -> (RecordColumn, JSONValue) {
        let item = JSONValue(item)
        guard let column = column(key), column.kind == .json else { throw .unknownField(key, typeName: typeName) }
        switch item {
        case .number, .string, .bool: return (column, item)
        default: throw .unknownField(key, typeName: typeName)
        }
    }

    /// The column a sort names: a property not stored as JSON.
    package func sortColumn(_ key: String) throws(RecordStoreError) -> RecordColumn {
        guard let column = column(key), column.kind != .json else { throw .unknownField(key, typeName: typeName) }
        return column
    }

    /// The columns a search looks in: the text ones.
    package var searchColumns: [RecordColumn] { columns.filter { $0.kind == .text } }

    /// A `LIKE … ESCAPE '\'` pattern finding `text` anywhere: `%`, `_` and `\` in it taken
    /// literally.
    package static func containsPattern(_ text: String) -> String {
        var result = "%"
        for character in text {
            if character == "%" || character == "_" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result + "%"
    }

    /// Each column's value for a record of the type (in ``columns``' order), checked to read
    /// back as the type reads a row (a text the type would refuse, an email that is not one,
    /// is refused here, before anything is written: `place` names the record in the error).
    package func storable(_ values: FormValue, place: String) throws -> [ColumnValue] {
        let columns = try columnValues(values)
        _ = try self.values(columns, place: place)
        return columns
    }

    /// Each column's value for a record of the type (in ``columns``' order).
    package func columnValues(_ values: FormValue) throws -> [ColumnValue] {
        let text = try format.text(values, syntax: .json)
        guard case .object(let object) = try JSONParser.parse(text, file: typeName).value else {
            throw RecordStoreError.incompatibleTable(typeName, reason: "its values are not a record")
        }
        for key in object.keys where indexes[key] == nil { throw RecordStoreError.unstoredKey(key, typeName: typeName) }
        return columns.map { column in Self.columnValue(object[column.key] ?? .null, as: column.kind) }
    }

    /// A filter's value as its column holds it.
    package func columnValue(_ value: FormValue, for column: RecordColumn) -> ColumnValue {
        Self.columnValue(JSONValue(value), as: column.kind)
    }

    private static func columnValue(_ value: JSONValue, as kind: RecordColumn.Kind) -> ColumnValue {
        switch (kind, value) {
        case (_, .null): return .null
        case (.boolean, .bool(let flag)): return .integer(flag ? 1 : 0)
        case (.integer, .number(let number)): return Int64(number.text).map(ColumnValue.integer) ?? .text(number.text)
        case (.real, .number(let number)): return .real(number.double)
        case (.text, .string(let text)): return .text(text)
        default: return .text(value.json)
        }
    }

    /// A row's version where its table keeps none (a table ModelForm did not make): a
    /// digest of its columns (64-bit FNV-1a of each value's kind and bytes), the same in
    /// every process, and different once any of them changes.
    package static func digest(_ row: [ColumnValue]) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ bytes: some Sequence<UInt8>) {
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        for value in row {
            switch value {
            case .null: add([0])
            case .integer(let number): add([1] + withUnsafeBytes(of: number.littleEndian, Array.init))
            case .real(let number): add([2] + withUnsafeBytes(of: number.bitPattern.littleEndian, Array.init))
            case .text(let text):
                add([3] + withUnsafeBytes(of: UInt64(text.utf8.count).littleEndian, Array.init))
                add(text.utf8)
            }
        }
        return Int64(bitPattern: hash & UInt64(Int64.max))
    }

    /// A listed row as a record: read whole, else (a row the type cannot read) with its
    /// columns' values as stored and the reason as its ``StoredRecord/problem``.
    package func listed(id: Int64, version: Int64, row: [ColumnValue], place: String) -> StoredRecord {
        do {
            return StoredRecord(id: id, version: version, values: try values(row, place: place))
        } catch {
            return StoredRecord(id: id, version: version, values: raw(row).formValue, problem: "\(error)")
        }
    }

    /// The values of a row (its columns in ``columns``' order); `place` names the row in
    /// errors (`people.sqlite: Person #3`), which name the column a value the type cannot
    /// read is in (``RecordStoreError/unreadable(_:column:reason:)``).
    package func values(_ row: [ColumnValue], place: String) throws(RecordStoreError) -> FormValue {
        let members = try self.members(row, place: place)
        // One column a line, after the `{` on line 1: a diagnostic's line names its column.
        let lines = members.map { JSONValue.string($0.key).json + ": " + $0.value.json }
        do {
            return try format.read(text: "{\n" + lines.joined(separator: ",\n") + "\n}", file: place)
        } catch {
            let line = error.diagnostics.first?.mark.line ?? 0
            let column = members.indices.contains(line - 2) ? members[line - 2].key : nil
            let reasons = error.diagnostics.map(\.message)
            throw .unreadable(place, column: column, reason: reasons.joined(separator: "; "))
        }
    }

    /// A row's columns as stored, each JSON column parsed where it parses, else its text.
    private func raw(_ row: [ColumnValue]) -> JSONValue {
        var object = JSONObject()
        for (column, value) in zip(columns, row) {
            switch value {
            case .null: continue
            case .integer(let number): object[column.key] = .number(JSONNumber(Int(number)))
            case .real(let number): object[column.key] = .number(JSONNumber(number))
            case .text(let text):
                object[column.key] =
                    column.kind == .json
                    ? (try? JSONParser.parse(text, file: typeName).value) ?? .string(text) : .string(text)
            }
        }
        return .object(object)
    }

    /// A row's columns as the type's JSON values file writes them, in ``columns``' order.
    private func members(_ row: [ColumnValue], place: String) throws(RecordStoreError) -> [(
        key: String, value: JSONValue
    )] {
        var members: [(key: String, value: JSONValue)] = []
        for (column, value) in zip(columns, row) {
            let member: JSONValue
            switch (column.kind, value) {
            case (_, .null): continue
            case (.boolean, .integer(let number)): member = .bool(number != 0)
            case (.json, .text(let text)):
                do { member = try JSONParser.parse(text, file: place).value } catch {
                    let reasons = error.diagnostics.map(\.message).joined(separator: "; ")
                    throw .unreadable(place, column: column.key, reason: "its JSON does not parse: \(reasons)")
                }
            case (.integer, .text(let text)), (.real, .text(let text)):
                // A number past Int64, or text someone else wrote: read as the type reads it.
                member = JSONNumber(text).map(JSONValue.number) ?? .string(text)
            case (_, .text(let text)): member = .string(text)
            case (_, .integer(let number)): member = .number(JSONNumber(Int(number)))
            case (_, .real(let number)): member = .number(JSONNumber(number))
            }
            members.append((column.key, member))
        }
        return members
    }
}

extension String {
    /// The name quoted as an SQL identifier (SQLite's and PostgreSQL's `"…"`), a `"` in it
    /// doubled: any key is a column name and none can end the quotes (GRDB's
    /// `quotedDatabaseIdentifier` does not double them).
    package var sqlIdentifier: String { "\"" + replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}
