import GRDB
import ModelFormRecords

/// A trigram index of a ModelForm table's text columns, so that a search finds its matches
/// without reading every row: an FTS5 table with the `trigram` tokenizer over the table's
/// content (`_modelform_search_TYPE`, the text kept once, in the table), kept current by
/// three triggers on the table, so any program's writes are indexed too.
///
/// A search of three characters or more asks the index for the rows that may match, then
/// the table's own `LIKE` decides (the index folds case beyond ASCII; `LIKE` keeps the
/// search's meaning exactly). When the index has more than ``candidateLimit`` of them (a
/// search most rows match), reading the table in order is faster: its first page is found
/// early, and its count reads the rows once (100,000 rows: 20 ms, where the index's list of
/// every match takes 90 ms); asking costs at most that many of the index's entries. A search
/// shorter than a trigram, a table another program made (never altered), or a SQLite
/// without FTS5 reads every row, as before.
///
/// Made when the store opens and the table has none, and made again (dropped, filled from
/// the table) when the type's text columns changed; filling it reads every row once.
struct SQLiteSearchIndex {
    let layout: RecordLayout

    var name: String { "_modelform_search_" + layout.typeName }

    /// The index's name when it is there (made now if it was not), or `nil` when SQLite has
    /// no FTS5 or the type no text column.
    func apply(_ db: Database) throws -> String? {
        let columns = layout.searchColumns.map(\.key)
        guard !columns.isEmpty else {
            try drop(db)
            return nil
        }
        if try db.tableExists(name), try db.columns(in: name).map(\.name) == columns { return name }
        try drop(db)
        do {
            try db.inSavepoint {
                try create(columns, db)
                return .commit
            }
        } catch let error as DatabaseError where error.message?.contains("no such module") == true {
            return nil
        }
        return name
    }

    private func create(_ columns: [String], _ db: Database) throws {
        let index = name.sqlIdentifier
        let table = layout.typeName.sqlIdentifier
        let names = columns.map(\.sqlIdentifier).joined(separator: ", ")
        let new = columns.map { "new." + $0.sqlIdentifier }.joined(separator: ", ")
        let old = columns.map { "old." + $0.sqlIdentifier }.joined(separator: ", ")
        let add = "INSERT INTO \(index)(rowid, \(names)) VALUES (new._id, \(new));"
        let remove = "INSERT INTO \(index)(\(index), rowid, \(names)) VALUES ('delete', old._id, \(old));"
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE \(index) USING fts5(\(names), content=\(layout.typeName.sqlLiteral), \
                content_rowid='_id', tokenize='trigram');
                CREATE TRIGGER \((name + " insert").sqlIdentifier) AFTER INSERT ON \(table) BEGIN \(add) END;
                CREATE TRIGGER \((name + " delete").sqlIdentifier) AFTER DELETE ON \(table) BEGIN \(remove) END;
                CREATE TRIGGER \((name + " update").sqlIdentifier) AFTER UPDATE ON \(table) BEGIN \(remove) \(add) END;
                INSERT INTO \(index)(\(index)) VALUES ('rebuild');
                """)
    }

    private func drop(_ db: Database) throws {
        for trigger in ["insert", "delete", "update"] {
            try db.execute(sql: "DROP TRIGGER IF EXISTS \((name + " " + trigger).sqlIdentifier)")
        }
        try db.execute(sql: "DROP TABLE IF EXISTS \(name.sqlIdentifier)")
    }

    /// Past this many rows the index may match, a search reads the table instead.
    static let candidateLimit = 1_000

    /// The condition that narrows a search to the rows the index may match, and its
    /// argument (an FTS5 string: the search as one phrase), or `nil` for a search shorter
    /// than a trigram or one more than ``candidateLimit`` rows may match.
    static func narrowing(_ index: String, search: String, idColumn: String, _ db: Database) throws -> (
        String, DatabaseValue
    )? {
        guard search.unicodeScalars.count >= 3 else { return nil }
        let phrase = "\"" + search.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        let candidates = try Int.fetchOne(
            db,
            sql:
                "SELECT COUNT(*) FROM (SELECT 1 FROM \(index.sqlIdentifier) WHERE \(index.sqlIdentifier) MATCH ? LIMIT ?)",
            arguments: [phrase, candidateLimit + 1])
        guard let candidates, candidates <= candidateLimit else { return nil }
        return (
            "\(idColumn) IN (SELECT rowid FROM \(index.sqlIdentifier) WHERE \(index.sqlIdentifier) MATCH ?)",
            phrase.databaseValue
        )
    }
}

extension String {
    /// This text as a SQL string literal, its quotes doubled.
    fileprivate var sqlLiteral: String { "'" + replacingOccurrences(of: "'", with: "''") + "'" }
}
