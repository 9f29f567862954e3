import Foundation
import ModelForm
import ModelFormYAML

/// A JSON Schema read as ModelForm's two files: a type definition (`NAME.types.yaml`: the
/// root type, one type per object schema, one enum per `enum` or `oneOf` of constants) and
/// a forms file (`NAME.forms.yaml`: titles, help, placeholders, read-only fields, rules and
/// conditional fields), plus the validator that checks values against the schema itself.
///
/// ```swift
/// let document = try JSONParser.parse(text, file: "order.schema.json")
/// let imported = try JSONSchemaImporter.importSchema(document, file: "order.schema.json", name: "Order")
/// let files = (try imported.typesText(), try imported.formsText())  // order.types.yaml, order.forms.yaml
/// ```
public struct ImportedSchema: Sendable {
    /// The root type's name.
    public var root: String
    /// The type definition document (`root`, `enums`, `types`).
    public var types: FormValue
    /// The forms document (one entry per type).
    public var forms: FormValue
    /// The schema's own validator (every keyword, not only those the forms express).
    public var validator: JSONSchemaValidator
    /// The schema's root is one value, not an object: the root type has one property,
    /// `value`: its data is read and written with a `ValuesFileFormat` whose `wrapsValue` is set.
    public var wrapsValue = false
    /// What the forms do not express, where the schema says it: a part edited as free JSON
    /// (alternatives of one kind, an `enum` of objects), a keyword only the schema checks
    /// (`not`, an `if` on something other than constants). The schema validates each save
    /// whatever the forms show; `modelform describe` lists these.
    public internal(set) var notes: [Diagnostic] = []
    /// The schema file.
    public internal(set) var file = ""
    /// The schema as the importer read it (other files' documents embedded), for locating
    /// errors about what it generated.
    var document = JSONParser.Document(value: .null)
    /// Each property's schema pointer into ``document``, by type and key.
    var pointers: [String: [String: String]] = [:]
    /// The texts of the schema's files, by path, for diagnostics that quote them.
    var sources: [String: String] = [:]

    /// `NAME.types.yaml`.
    public func typesText() throws -> String {
        "# Imported from a JSON Schema by modelform import.\n" + (try YAMLEmitter.emit(types))
    }
    /// `NAME.forms.yaml`.
    public func formsText() throws -> String {
        "# Imported from a JSON Schema by modelform import.\n" + (try YAMLEmitter.emit(forms))
    }
}

/// Reads JSON Schemas into ModelForm types and forms (see ``ImportedSchema``).
///
/// `oneOf`/`anyOf` of several kinds and `type` lists are alternatives, `prefixItems` a
/// tuple. No schema is refused for its shape: what the forms cannot express as fields yet
/// (alternatives the form cannot tell apart by kind, other keys of several kinds) is free
/// JSON for that part, and a keyword no form shows (`not`, an `if` on
/// something other than constants) is left to the schema's validator, each with a note at
/// its location (``ImportedSchema/notes``). A mistake in the schema is an error at its
/// location (`file:line:column` and the JSON pointer).
public enum JSONSchemaImporter {
    /// Imports a parsed schema; `name` names the root type when the schema has no `title`.
    /// `ui` is a UI schema for the root type (RJSF's or JSON Forms', told apart by shape).
    public static func importSchema(
        _ document: JSONParser.Document, file: String, name: String, source: String? = nil,
        ui: JSONParser.Document? = nil, uiFile: String = "", uiSource: String? = nil
    ) throws(DiagnosticList) -> ImportedSchema {
        try importSchema(
            SchemaBundle(document, file: file), name: name, source: source, ui: ui, uiFile: uiFile, uiSource: uiSource)
    }

    /// Imports a schema with the documents its references bring in from other files
    /// (``SchemaBundle``): their definitions become types as the schema's own do, and each
    /// save is validated against them all.
    public static func importSchema(
        _ bundle: SchemaBundle, name: String, source: String? = nil,
        ui: JSONParser.Document? = nil, uiFile: String = "", uiSource: String? = nil
    ) throws(DiagnosticList) -> ImportedSchema {
        let document = bundle.document
        let file = bundle.file
        let validator = JSONSchemaValidator(schema: bundle.original, baseURI: bundle.baseURI, remotes: bundle.remotes)
        var state = ImportState(document: document, file: file)
        state.ui = ui
        state.uiFile = uiFile
        var sources = bundle.sources
        if let source { sources[file] = source }
        if let uiSource { sources[uiFile] = uiSource }
        let rootType = document.value["type"]?.string
        guard document.value.object != nil else {
            state.error(
                "the root schema must be an object (a schema), not \(document.value.typeName == "boolean" ? "true or false" : "a " + document.value.typeName)",
                at: "")
            throw DiagnosticList(state.diagnostics, sources: sources)
        }
        if rootType != nil && rootType != "object"
            || rootType == nil && document.value["properties"] == nil && document.value["$ref"] == nil
                && document.value["allOf"] == nil
            || document.value["properties"] == nil && ImportState.mapEntries(document.value) != nil
            || ImportState.isObjectOfAlternatives(document.value)
        {
            // A root that is one value (a string, an array, one of several objects): a form
            // with one field, `value`.
            let root = state.wrap(document.value, as: TypeNames.pascal(document.value["title"]?.string ?? name))
            let forms = state.formsDocument(root: root)
            guard state.diagnostics.isEmpty else { throw DiagnosticList(state.diagnostics, sources: sources) }
            var imported = ImportedSchema(
                root: root, types: state.typesDocument(root: root), forms: forms, validator: validator)
            imported.wrapsValue = true
            imported.locate(in: state, bundle: bundle, sources: sources)
            return imported
        }
        let target = state.dereferenced(document.value, pointer: "")
        let rootName =
            ImportState.definitionName(target.pointer)
            ?? TypeNames.pascal(target.schema["title"]?.string ?? document.value["title"]?.string ?? name)
        let root = state.typeName(for: target.schema, pointer: target.pointer, suggested: rootName)
        state.drain()
        let forms = state.formsDocument(root: root)
        guard state.diagnostics.isEmpty else { throw DiagnosticList(state.diagnostics, sources: sources) }
        var imported = ImportedSchema(
            root: root, types: state.typesDocument(root: root), forms: forms, validator: validator)
        imported.locate(in: state, bundle: bundle, sources: sources)
        return imported
    }
}

extension ImportedSchema {
    /// Keeps what locates errors about the generated files in the schema.
    fileprivate mutating func locate(in state: ImportState, bundle: SchemaBundle, sources: [String: String]) {
        file = bundle.file
        document = bundle.document
        pointers = state.pointers
        notes = state.notes
        self.sources = sources
    }
}

/// Type names from titles and keys: `"Postal address"` → `PostalAddress`.
public enum TypeNames {
    /// A type name for a title or file name (`"user-profile"` → `UserProfile`).
    public static func pascalName(_ text: String) -> String { pascal(text) }

    static func pascal(_ text: String) -> String {
        let words = text.split { !$0.isLetter && !$0.isNumber }
        var name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.isEmpty { name = "Form" }
        if name.first?.isNumber == true { name = "T" + name }
        return name
    }
}
