import ModelForm
import ModelFormTesting
import Testing

@testable import ModelFormYAML

/// A YAML file with anchors and aliases is edited in place too: a value the file shares is
/// written once, where its anchor is, when every place that uses it changed alike; one use
/// changed alone is refused, with where the alias is; nothing is ever written whole, which
/// would drop the anchor.
struct AnchorTests {
    static let file = """
        defaults: &defaults   # shared
          image: app:1
          replicas: 2
        version: &v 1.2
        web:
          settings: *defaults
          port: 80  # http
          release: *v

        """

    /// A values file of any one JSON value, as the splice fuzzer reads them.
    static func format() throws -> ValuesFileFormat {
        let types = "types:\n  Document:\n    value: JSON\n"
        var format = ValuesFileFormat(
            typeName: "Document", configs: try ConfigDictionary(typeDefinitions: types, file: "a.types.yaml"))
        format.wrapsValue = true
        format.omitsAbsentValues = true
        return format
    }

    static func edit(_ changes: [(String, FormValue)], in file: String = Self.file) throws -> String {
        let format = try Self.format()
        var values = try format.read(text: file, file: "a.yaml")
        for (path, value) in changes { try values.set(value, at: FormPath(parsing: "value." + path)) }
        return try format.text(values, syntax: .yaml, editing: file)
    }

    @Test func aValueNoAliasSharesIsEditedWithTheAnchorsKept() throws {
        let text = try Self.edit([("web.port", .int(8080))])
        #expect(text == Self.file.replacingOccurrences(of: "80  #", with: "8080  #"), "\(text)")
    }

    @Test func aSharedValueChangedAlikeEverywhereIsWrittenOnceWhereItsAnchorIs() throws {
        let text = try Self.edit([
            ("defaults.replicas", .int(3)), ("web.settings.replicas", .int(3)), ("version", .double(1.3)),
            ("web.release", .double(1.3)),
        ])
        #expect(
            text
                == Self.file.replacingOccurrences(of: "replicas: 2", with: "replicas: 3")
                .replacingOccurrences(of: "&v 1.2", with: "&v 1.3"))
    }

    @Test func aSharedValueChangedAtOnePlaceIsRefusedWhereTheAliasIs() throws {
        let refusal = try #require(throws: ValuesEditRefusal.self) {
            try Self.edit([("web.settings.image", .string("app:2"))])
        }
        #expect(refusal.line == 6 && refusal.column == 13)
        #expect(refusal.message.hasPrefix("'web.settings' is the alias *defaults of 'defaults' (line 1)"))
    }

    static let merging = """
        base: &base   # shared
          image: app:1
          replicas: 2
        web:
          <<: *base
          port: 80  # http

        """

    static func editMerging(_ changes: [(String, FormValue)]) throws -> String {
        try edit(changes, in: Self.merging)
    }

    /// A merge key's keys are the aliases of its source's: the mapping's own keys are
    /// edited where they are, a merged one changed alike on both sides where the source
    /// writes it, and changed in the merging mapping only, refused at the merge key.
    @Test func aMergeKeysKeysAreItsSourcesAliases() throws {
        #expect(
            try Self.editMerging([("web.port", .int(81))]) == Self.merging.replacingOccurrences(of: "80", with: "81"))
        #expect(
            try Self.editMerging([("base.replicas", .int(3)), ("web.replicas", .int(3))])
                == Self.merging.replacingOccurrences(of: "replicas: 2", with: "replicas: 3"))
        let refusal = try #require(throws: ValuesEditRefusal.self) {
            try Self.editMerging([("web.image", .string("app:2"))])
        }
        #expect(refusal.line == 5 && refusal.column == 7, "\(refusal)")
        #expect(refusal.description.contains("'web.image' is the alias *base of 'base.image'"), "\(refusal)")
    }
}
