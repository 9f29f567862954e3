import ModelForm
import ModelFormRecords
import PostgresNIO

/// Brings a type's table to its layout in PostgreSQL, as SQLite's migration does: creates
/// it, or adds the columns of new properties; a column whose type differs from its
/// property's kind is refused, and nothing is changed.
struct PostgresMigration {
    let layout: RecordLayout
    let schema: String
    let table: String
    let answerLimit: Duration

    static func type(of kind: RecordColumn.Kind) -> String {
        switch kind {
        case .text: return "text"
        case .integer: return "bigint"
        case .real: return "double precision"
        case .boolean: return "boolean"
        case .json: return "json"
        }
    }

    func apply(_ client: PostgresClient) async throws {
        var existing: [String: String] = [:]
        let lookup: PostgresQuery =
            "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = \(schema) AND table_name = \(layout.typeName)"
        let place = "postgres \(schema).\(layout.typeName)"
        for row in try await client.answer(lookup, place: place, within: answerLimit) {
            let (name, type) = try row.decode((String, String).self)
            existing[name] = type
        }
        guard !existing.isEmpty else {
            let columns = layout.columns.map { ", " + $0.key.sqlIdentifier + " " + Self.type(of: $0.kind) }
            _ = try await client.answer(
                PostgresQuery(
                    unsafeSQL:
                        "CREATE TABLE IF NOT EXISTS \(table) (_id BIGSERIAL PRIMARY KEY, _version BIGINT NOT NULL"
                        + columns.joined() + ")"), place: place, within: answerLimit)
            return
        }
        guard existing["_id"] != nil, existing["_version"] != nil else {
            throw RecordStoreError.incompatibleTable(
                layout.typeName, reason: "it has no _id and _version columns (a table ModelForm did not make)")
        }
        for column in layout.columns {
            let wanted = Self.type(of: column.kind)
            if let declared = existing[column.key] {
                guard declared == wanted else {
                    throw RecordStoreError.incompatibleTable(
                        layout.typeName,
                        reason: "column '\(column.key)' holds \(declared), but the type's '\(column.key)' is \(wanted)")
                }
                continue
            }
            _ = try await client.answer(
                PostgresQuery(
                    unsafeSQL: "ALTER TABLE \(table) ADD COLUMN IF NOT EXISTS \(column.key.sqlIdentifier) \(wanted)"),
                place: place, within: answerLimit)
        }
    }
}
