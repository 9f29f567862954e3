import Foundation
import ModelForm
import ModelFormJSONSchema
import ModelFormYAML
import Testing

/// `$ref`s to other files: read from disk (beside the schema that refers, or by the `$id` of
/// a schema in a given folder), never fetched; a URL with no local copy, and a problem in
/// another file, are errors located in the file they are in.
@Suite struct SchemaBundleTests {
    /// A folder of schema files, removed when done.
    final class Folder {
        let path: String
        init(_ files: [String: String]) throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-\(UUID().uuidString)").path
            for (name, text) in files {
                let file = (path as NSString).appendingPathComponent(name)
                try FileManager.default.createDirectory(
                    atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try text.write(toFile: file, atomically: true, encoding: .utf8)
            }
        }
        func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    static let order = """
        {
          "title": "Order",
          "type": "object",
          "properties": {
            "ship": {"$ref": "defs/address.json#/$defs/Address"},
            "bill": {"$ref": "https://example.com/address.json#/$defs/Address"},
            "note": {"$ref": "https://example.com/note.json"},
            "tag": {"$ref": "defs/address.json#tag"}
          },
          "required": ["ship"]
        }
        """
    static let address = """
        {
          "$id": "https://example.com/address.json",
          "$defs": {
            "Address": {
              "type": "object",
              "properties": {"city": {"type": "string", "minLength": 2}, "country": {"$ref": "#/$defs/Country"}},
              "required": ["city"]
            },
            "Country": {"enum": ["NO", "SE"]},
            "Tag": {"$anchor": "tag", "type": "string", "pattern": "^[a-z]+$"}
          }
        }
        """

    static func imported(_ folder: Folder, directories: [String] = []) throws -> ImportedSchema {
        let file = folder.file("order.schema.json")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let bundle = try SchemaBundle.load(
            try JSONParser.parse(text, file: file), file: file, schemaDirectories: directories)
        return try JSONSchemaImporter.importSchema(bundle, name: "Order", source: text)
    }

    @Test func relativeReferencesAndIDsInAFolderAreReadFromDisk() throws {
        let folder = try Folder([
            "order.schema.json": Self.order, "defs/address.json": Self.address,
            "lib/note.json": #"{"$id": "https://example.com/note.json", "type": "string", "maxLength": 5}"#,
        ])
        let imported = try Self.imported(folder, directories: [folder.file("lib")])
        let configs = try imported.configs()
        #expect(configs.model.entity("Address")?.properties.map(\.key) == ["city", "country"])
        #expect(configs.root.field("bill")?.relationship?.target == "Address")
        #expect(configs.root.field("note")?.valueType == .optional(.string))
        #expect(configs.root.field("tag")?.valueType == .optional(.string))
        // The other files' keywords hold every save.
        var form = try imported.form(
            values: .record(["ship": .record(["city": .string("Oslo")]), "note": .string("hi"), "tag": .string("a")]))
        #expect(form.validate().isEmpty, "\(form.errors)")
        try form.setText("toolong", at: "note")
        try form.setText("X", at: "ship.city")
        try form.setText("A1", at: "tag")
        #expect(Set(form.validate().map(\.path.description)) == ["note", "ship.city", "tag"])
    }

    @Test func aURLWithNoLocalCopyIsAnErrorAtItsReference() throws {
        let folder = try Folder(["order.schema.json": Self.order, "defs/address.json": Self.address])
        do {
            _ = try Self.imported(folder)
            Issue.record("imported without note.json")
        } catch {
            let text = "\(error)"
            #expect(
                text.contains(
                    "order.schema.json:7:22: error: #/properties/note: the schema refers to 'https://example.com/note.json', which has no local copy"
                ), "\(text)")
            #expect(text.contains("nothing is fetched from the network"))
        }
    }

    @Test func aProblemInAnotherFileIsLocatedThere() throws {
        let files = { (country: String) in
            try Folder([
                "order.schema.json": Self.order,
                "defs/address.json": Self.address.replacingOccurrences(
                    of: #""Country": {"enum": ["NO", "SE"]},"#, with: #""Country": \#(country),"#),
                "lib/note.json": #"{"$id": "https://example.com/note.json", "type": "string"}"#,
            ])
        }
        // A mistake: an error there.
        let broken = try files(#"{"type": "string", "pattern": "("}"#)
        do {
            _ = try Self.imported(broken, directories: [broken.file("lib")])
            Issue.record("imported a pattern no engine reads")
        } catch {
            #expect("\(error)".contains("defs/address.json:9:"), "\(error)")
            #expect("\(error)".contains("error: defs/address.json#/$defs/Country/pattern:"), "\(error)")
        }
        // What the form leaves to the schema: a note there.
        let negated = try files(
            #"{"type": "object", "properties": {"code": {"type": "string"}}, "not": {"required": ["x"]}}"#)
        let imported = try Self.imported(negated, directories: [negated.file("lib")])
        #expect(
            imported.notes.map { "\($0.mark): \($0.message)" }.contains {
                $0.contains("defs/address.json:9:")
                    && $0.contains("defs/address.json#/$defs/Country/not: 'not' is checked")
            }, "\(imported.notes)")
    }

    @Test func aChainLongerThanTheLimitIsRefused() throws {
        var files = ["order.schema.json": #"{"type": "object", "properties": {"a": {"$ref": "d0.json"}}}"#]
        for index in 0..<SchemaBundle.maximumDocuments {
            files["d\(index).json"] = #"{"type": "object", "properties": {"a": {"$ref": "d\#(index + 1).json"}}}"#
        }
        let folder = try Folder(files)
        do {
            _ = try Self.imported(folder)
            Issue.record("imported \(SchemaBundle.maximumDocuments + 1) documents")
        } catch {
            #expect("\(error)".contains("brings in more than \(SchemaBundle.maximumDocuments) documents"), "\(error)")
        }
    }
}
