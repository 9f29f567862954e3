import ModelForm
import ModelFormYAML
import Testing

@testable import ModelFormServer

/// A password that holds a value is drawn optional, with a placeholder that says an empty
/// one keeps it, wherever it sits: at the top, in an inline subform, in a collection's item.
/// A tree without one is returned as it is.
@Suite struct StoredSecretTests {
    static let types = """
        root: Site
        types:
          Site:
            name: String
            password: String
            owner: Account
            keys: "[Account]"
          Account:
            login: String
            password: String
        """

    static func account(_ password: String) -> FormValue {
        .record(["login": .string("ada"), "password": .string(password)])
    }

    @Test(arguments: [
        (FormValue.record(["name": .string("Site"), "owner": account(""), "keys": .list([account("")])]), [String]()),
        (.record(["name": .string("Site"), "password": .string("s3cret"), "owner": account("")]), ["password"]),
        (.record(["owner": account("s3cret"), "keys": .list([account("")])]), ["owner.password"]),
        (.record(["owner": account(""), "keys": .list([account(""), account("k")])]), ["keys[1].password"]),
        (
            .record(["password": .string("a"), "owner": account("b"), "keys": .list([account("c")])]),
            ["password", "owner.password", "keys[0].password"]
        ),
    ])
    func aStoredPasswordIsOptionalWhereverItSits(values: FormValue, kept: [String]) throws {
        let configs = ConfigDictionary(try TypeDefinitionLoader.load(text: Self.types, file: "site.types.yaml"))
        let form = Form(values: values, configs: configs, typeName: "Site")
        let tree = form.tree(theme: form.environment.theme, inlineSubforms: true).keepingStoredSecrets()
        let passwords = Self.passwordRows(tree)
        #expect(
            passwords.count >= 2
                + (values["keys"].flatMap { if case .list(let items) = $0 { items.count } else { nil } } ?? 0))
        let unchanged = passwords.filter { $0.placeholder == "Unchanged (leave empty to keep it)" }
        #expect(Set(unchanged.map(\.path)) == Set(kept))
        #expect(unchanged.allSatisfy { !$0.isRequired })
    }

    /// Every password row of a tree, at any depth.
    static func passwordRows(_ form: FormNode) -> [(path: String, placeholder: String?, isRequired: Bool)] {
        var walker = PasswordRows()
        walker.visitForm(form)
        return walker.found
    }

    struct PasswordRows: FormTreeWalker {
        var found: [(path: String, placeholder: String?, isRequired: Bool)] = []

        mutating func visitRow(_ row: RowNode) {
            if row.context.field.type == .password {
                found.append((row.context.path.description, row.context.field.placeholder, row.context.isRequired))
            }
            descend(into: row)
        }
    }
}
