import Foundation
import ModelForm
import ModelFormPostgres
import ModelFormRecords
import ModelFormYAML
import PostgresNIO
import Testing

/// `modelform import --database postgres://…`'s reading: a PostgreSQL schema's tables become
/// the same documents as a SQLite file's, with PostgreSQL's own spellings read (a `serial`
/// or identity key, `'member'::text`, `= ANY (ARRAY[…])`).
@Suite struct PostgresImportTests {
    @Test(arguments: [
        ("CHECK ((role = ANY (ARRAY['admin'::text, 'member'::text])))", ["admin", "member"]),
        (
            "CHECK (((role)::text = ANY ((ARRAY['a'::character varying, 'it''s'::character varying])::text[])))",
            ["a", "it's"]
        ),
        ("CHECK ((\"role\" = ANY (ARRAY['x'::text])))", ["x"]),
        ("CHECK ((other = ANY (ARRAY['admin'::text])))", nil),
        ("CHECK ((age > 0))", nil),
    ])
    func aCheckListIsReadAsPostgreSQLKeepsIt(definition: String, choices: [String]?) {
        #expect(PostgresCatalog.choices(of: "role", in: definition) == choices, "\(definition)")
    }

    @Test(.enabled(if: Backend.postgresURL != nil))
    func aSchemasTablesBecomeTypesAndForms() async throws {
        let place = try await StorePlace(.postgres)
        defer { Task { await place.close() } }
        try await place.execute(
            """
            CREATE TABLE {departments} (id serial PRIMARY KEY, name text NOT NULL);
            """, table: "departments")
        try await place.execute(
            """
            CREATE TABLE {employees} (
              id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name varchar(80) NOT NULL,
              role text NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'member')),
              active boolean NOT NULL DEFAULT true, hired timestamptz DEFAULT now(), salary numeric(10,2),
              department_id integer REFERENCES {departments}(id) ON DELETE CASCADE, data jsonb
            )
            """.replacingOccurrences(of: "{departments}", with: place.qualified("departments")),
            table: "employees")
        let imported = DatabaseImport(tables: try await place.catalog())
        #expect(
            try YAMLEmitter.emit(imported.types) == """
                root: departments
                types:
                  departments:
                    name: String
                  employees:
                    name: String
                    role:
                      enum: [admin, member]
                    active: Bool
                    hired: Date?
                    salary: Decimal?
                    department_id: Int?
                    data: JSON

                """)
        #expect(
            try YAMLEmitter.emit(imported.forms) == """
                employees:
                  overrides:
                    role:
                      default: member
                    active:
                      default: true
                    hired:
                      type: datetime
                    department_id:
                      lookup: departments
                      title: Department
                      onDelete: cascade

                """)
        #expect(
            imported.notes == ["employees.hired: its default now() is the database's own; the form starts it empty"])
    }
}
