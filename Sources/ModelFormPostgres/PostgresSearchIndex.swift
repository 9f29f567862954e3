import ModelFormRecords
import PostgresNIO

/// A trigram index (`pg_trgm`'s GIN operator class) on each text column of a table ModelForm
/// made, so that a search's `ILIKE '%…%'` finds its matches without reading every row; the
/// planner still reads the table when most rows match (it knows the trigrams' frequencies).
///
/// Made when the store opens, for the columns that have none (an index per column, named
/// `_modelform_search_` and a digest of the type and column, within PostgreSQL's 63 bytes).
/// The extension is created in the database when it is not there (`CREATE EXTENSION
/// pg_trgm`: a trusted extension, so a database owner may); where it cannot be (not
/// installed, no privilege) or an index cannot be made, the search reads every row, as
/// before. A table another program made is never altered.
struct PostgresSearchIndex {
    let layout: RecordLayout
    let schema: String
    let table: String
    let answerLimit: Duration

    private var place: String { "postgres \(schema).\(layout.typeName)" }

    /// The index of `column` of `typeName`'s table.
    static func name(_ typeName: String, _ column: String) -> String {
        let digest = UInt64(bitPattern: RecordLayout.digest([.text(typeName), .text(column)]))
        return "_modelform_search_" + String(digest, radix: 16)
    }

    func apply(_ client: PostgresClient) async {
        let columns = layout.searchColumns
        guard !columns.isEmpty else { return }
        do {
            guard let operators = try await trigramOperators(client) else { return }
            let lookup: PostgresQuery =
                "SELECT indexname::text FROM pg_indexes WHERE schemaname = \(schema) AND tablename = \(layout.typeName)"
            var existing: Set<String> = []
            for row in try await client.answer(lookup, place: place, within: answerLimit) {
                existing.insert(try row.decode(String.self))
            }
            for column in columns where !existing.contains(Self.name(layout.typeName, column.key)) {
                let index = Self.name(layout.typeName, column.key).sqlIdentifier
                // Each on its own: one another process makes at once fails here, not the rest.
                _ = try? await client.answer(
                    PostgresQuery(
                        unsafeSQL:
                            "CREATE INDEX IF NOT EXISTS \(index) ON \(table) USING gin (\(column.key.sqlIdentifier) \(operators))"
                    ), place: place, within: answerLimit)
            }
        } catch {
            // No index: the search reads every row.
        }
    }

    /// `pg_trgm`'s operator class, qualified by the schema the extension is in; the
    /// extension is created first where it is not there. `IF NOT EXISTS` does not keep two
    /// sessions from creating it at once: the one that loses fails on the catalogue's unique
    /// index once the other commits, and then finds it.
    private func trigramOperators(_ client: PostgresClient) async throws -> String? {
        let installed: PostgresQuery = """
            SELECT n.nspname::text FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
            WHERE e.extname = 'pg_trgm'
            """
        var rows = try await client.answer(installed, place: place, within: answerLimit)
        if rows.isEmpty {
            _ = try? await client.answer(
                "CREATE EXTENSION IF NOT EXISTS pg_trgm", place: place, within: answerLimit)
            rows = try await client.answer(installed, place: place, within: answerLimit)
        }
        return try rows.first.map { try $0.decode(String.self).sqlIdentifier + ".gin_trgm_ops" }
    }
}
