import ModelForm
import ModelFormYAML
import Testing

/// Maps in `*.types.yaml` (`[String: T]`) and in values files: entries keep the file's
/// order, each value read for the map's template, and written back as they were.
@Suite struct MapFileTests {
    static let types = """
        types:
          Package:
            name: String
            scripts: "[String: String]"
            ports: "[String: Int]"
            services: "[String: Service]"
            matrix: "[String: [String]]"
            nested: "[String: [String: Int]]?"
          Service:
            image: String
        """

    static func configs() throws -> ConfigDictionary {
        ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "p.types.yaml"))
    }

    @Test(arguments: [
        ("scripts", ValueType.dictionary(.string)),
        ("services", .dictionary(.model("Service"))),
        ("matrix", .dictionary(.array(.string))),
        ("nested", .optional(.dictionary(.dictionary(.integer(bits: 64))))),
    ])
    func theSpellingIsSwifts(_ key: String, _ type: ValueType) throws {
        let field = try #require(try Self.configs().root.field(key))
        #expect(field.valueType == type)
        #expect(field.type == .map)
    }

    @Test(arguments: [
        (#"x: "[Int: String]""#, "a map's keys are strings: write '[String: String]'"),
        (#"x: "[String: Nope]""#, "unknown type 'Nope'"),
    ])
    func aWrongSpellingIsALocatedError(_ property: String, _ message: String) {
        do {
            _ = try TypeDefinitionLoader.load(text: "types:\n  T:\n    " + property + "\n", file: "t.types.yaml")
            Issue.record("loaded \(property)")
        } catch {
            #expect("\(error)".contains("t.types.yaml:3:"), "\(error)")
            #expect("\(error)".contains(message), "\(error)")
        }
    }

    @Test func aValuesFileKeepsTheEntriesOrderAndWritesThemBack() throws {
        let configs = try Self.configs()
        let text = """
            name: demo
            scripts:
              zeta: last
              "build:prod": swift build -c release
              alpha: first
            ports:
              http: 80
            services:
              web:
                image: nginx
            matrix:
              os: [linux, mac]
            nested:
              a:
                b: 1

            """
        let values = try ValuesFile.read(text: text, file: "p.values.yaml", typeName: "Package", configs: configs)
        guard case .record(let scripts)? = values[FormPath("scripts")] else {
            Issue.record("scripts is not a map")
            return
        }
        #expect(scripts.keys == ["zeta", "build:prod", "alpha"])
        #expect(values[FormPath("ports.http")] == .int(80))
        #expect(values[#"nested.a.b"#] == .int(1))
        let written = try ValuesFile.text(values, typeName: "Package", configs: configs, syntax: .yaml)
        #expect(try ValuesFile.read(text: written, file: "w.yaml", typeName: "Package", configs: configs) == values)
        #expect(written.contains("zeta: last\n  build:prod: swift build -c release\n  alpha: first\n"))
    }

    @Test(arguments: [
        ("name: x\nports:\n  http: eighty\n", "p.values.yaml:3:9", "is not a whole number"),
        ("name: x\nscripts: [a, b]\n", "p.values.yaml:2:10", "'scripts'"),
        ("name: x\nservices:\n  web:\n    image: x\n    port: 1\n", "p.values.yaml:5:5", "unknown property 'port'"),
        ("name: x\nports:\n  a: 1\n  a: 2\n", "p.values.yaml:4:3", "'a'"),
    ])
    func aBadEntryIsALocatedError(_ text: String, _ location: String, _ message: String) throws {
        do {
            _ = try ValuesFile.read(text: text, file: "p.values.yaml", typeName: "Package", configs: Self.configs())
            Issue.record("read \(text)")
        } catch {
            #expect("\(error)".contains(location), "\(error)")
            #expect("\(error)".contains(message), "\(error)")
        }
    }

    @Test(arguments: [
        (#"scripts["build:prod"] is not empty"#, "swift build -c release", true),
        (#"scripts["build:prod"] is not empty"#, "", false),
        (#"scripts["build:prod"] == "make""#, "make", true),
    ])
    func aConditionNamesAnEntryByItsKey(_ rule: String, _ value: String, _ shown: Bool) throws {
        var configs = try Self.configs()
        let forms = "Package:\n  fields:\n    - key: name\n      visibleIf: '\(rule)'\n"
        try ConfigLoader().apply(text: forms, file: "p.forms.yaml", to: &configs)
        let values: FormValue = .record(["name": .string("x"), "scripts": .record(["build:prod": .string(value)])])
        let form = Form(values: values, configs: configs)
        let rows = form.tree().sections.flatMap(\.rows).compactMap(\.context.field.key)
        #expect(rows.contains("name") == shown, "\(rows)")
    }

    @Test func aConditionOnAnEntryOfAMapThatIsNotThereSaysSo() throws {
        var configs = try Self.configs()
        let forms = "Package:\n  fields:\n    - key: name\n      visibleIf: 'ports[\"http\"].x == 1'\n"
        do {
            try ConfigLoader().apply(text: forms, file: "p.forms.yaml", to: &configs)
            Issue.record("accepted a key past an integer")
        } catch {
            #expect("\(error)".contains("p.forms.yaml:4:"), "\(error)")
        }
    }
}

/// `otherKeys: true` in `*.types.yaml`: the map that holds a type's other keys.
@Suite struct OtherKeysFileTests {
    @Test func theMapHoldsTheKeysNoPropertyNames() throws {
        let types = "types:\n  S:\n    name: String\n    extra: {type: \"[String: Int]\", otherKeys: true}\n"
        let configs = ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "s.types.yaml"))
        let values = try ValuesFile.read(
            text: "retries: 3\nname: web\nextra: 1\n", file: "s.values.yaml", typeName: "S", configs: configs)
        #expect(values == .record(["extra": .record(["retries": .int(3), "extra": .int(1)]), "name": .string("web")]))
        #expect(
            try ValuesFile.text(values, typeName: "S", configs: configs, syntax: .yaml)
                == "retries: 3\nextra: 1\nname: web\n")
    }

    @Test(arguments: [
        (
            "    a: {type: \"[String: Int]\", otherKeys: true}\n    b: {type: \"[String: Int]\", otherKeys: true}\n",
            "t.types.yaml:4:5: error: 'T' has two maps of other keys, 'a' and 'b'"
        ),
        ("    a: {type: Int, otherKeys: true}\n", "t.types.yaml:3:20: error: 'T.a' holds the other keys only as a map"),
    ])
    func aWrongOneIsALocatedError(_ properties: String, _ message: String) {
        do {
            _ = try TypeDefinitionLoader.load(text: "types:\n  T:\n" + properties, file: "t.types.yaml")
            Issue.record("loaded")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }
}
