import Foundation
import ModelForm
import ModelFormHTML
import ModelFormText
import Testing

/// The examples of the `///` comments of the core's cells, tree, themes, plugins and values,
/// each compiled and run here (`DocumentationChecks` holds them to the comments).
@Suite struct CoreRenderingDocExamples {
    struct Address: Codable {
        var street = ""
        var city = ""
    }
    struct User: Codable {
        var email = ""
        var gender = "f"
        var address = Address()
    }
    struct Review: Codable {
        var rating = 3
        var price = Decimal(12)
    }
    // doc: Sources/ModelForm/Describe/FormAlternatives.swift
    enum Payment: FormAlternatives {
        case cash
        case card(number: String)
        case transfer(Account)
        static let formAlternatives: [Payment] = [.cash, .card(number: ""), .transfer(Account())]
    }
    // end doc
    struct Account: Codable {
        var iban = ""
    }
    // doc: Sources/ModelForm/Describe/FormOptionSet.swift
    struct Toppings: FormOptionSet, Codable {
        let rawValue: UInt8
        static let cheese = Toppings(rawValue: 1), ham = Toppings(rawValue: 2)
        static let formOptions: [(String, Toppings)] = [("Cheese", .cheese), ("Ham", .ham)]
    }
    // end doc
    // doc: Sources/ModelForm/Values/JSONValue.swift
    struct Plugin: Codable {
        var name = "lint"
        var options: JSONValue = ["strict": true, "ignore": ["build", "dist"]]
    }
    // end doc
    struct Order: Codable {
        var payment = Payment.cash
        var toppings = Toppings.cheese
        var plugin = Plugin()
    }

    @Test func describedTypes() throws {
        let form = try Form(editing: Order())
        #expect(try form.field(at: "payment").type == .alternatives)
        #expect(try form.field(at: "toppings").type == .bitfield)
        #expect(try form.field(at: "plugin.options").type == .json)
    }

    @Test func cells() throws {
        var cells = HTMLCells.standard
        // doc: Sources/ModelForm/Rendering/Cell.swift
        let stars = Cell<HTMLFormat>(name: "stars") { context in
            String(repeating: "★", count: Int(context.value.intValue ?? 0))
        }
        cells.register(stars, for: .rating)
        // end doc
        let field = Field(key: "rating", type: .rating)
        #expect(cells.resolve(field).cell.name == "stars")
        // doc: Sources/ModelForm/Rendering/Cell.swift
        struct Stars: Sendable { var count: Int }
        let cell = Cell<PlainTextFormat>(
            name: "stars", model: { Stars(count: Int($0.value.intValue ?? 0)) },
            draw: { stars in String(repeating: "*", count: stars.count) })
        // end doc
        #expect(cell.name == "stars")
    }

    @Test func registries() throws {
        let starsCell = Cell<HTMLFormat>(name: "stars") { _ in "★★★" }
        let moneyCell = Cell<HTMLFormat>(name: "money") { _ in "€" }
        let field = Field(key: "rating", type: .rating)
        // doc: Sources/ModelForm/Rendering/CellRegistry.swift
        var cells = HTMLCells.standard
        cells.register(starsCell, for: .rating)
        cells.register(moneyCell, forValueType: Decimal.self)
        let why = cells.resolve(field).explanation  // "field type 'rating' (registered by code)"
        // end doc
        #expect(why == "field type 'rating' (registered by code)")
    }

    @Test func plugins() throws {
        let moneyCell = Cell<HTMLFormat>(name: "money") { _ in "€" }
        // doc: Sources/ModelForm/Form/FormPlugin.swift
        var money = FormPlugin(name: "money")
        money.fieldTypes = ["money"]
        money.transformers = [ValueTransformer(name: "cents") { "\(Double($0.intValue ?? 0) / 100)" }]
        money.addCells(for: HTMLFormat.self) { $0.register(moneyCell, for: "money") }
        var environment = FormEnvironment()
        environment.install(money)  // its field types, transformers, checks and cells
        // end doc
        var form = try Form(editing: Review(), environment: environment)
        try form.configs[Review.self]?.update("price") { $0.type = "money" }
        #expect(HTMLRenderer().render(form).contains("€"))
    }

    @Test func environmentsAndThemes() throws {
        do {
            // doc: Sources/ModelForm/Form/FormEnvironment.swift
            var environment = FormEnvironment()
            environment.theme.tokens["accent"] = "#0a84ff"
            environment.transformers.register(.table("gender", [.string("m"): "Male", .string("f"): "Female"]))
            var form = try Form(editing: User(), environment: environment)
            // end doc
            try form.configs[User.self]?.update("gender") { $0.valueTransformer = "gender" }
            #expect(TextRenderer(width: 80).render(form).contains("Female"))
        }
        // doc: Sources/ModelForm/Rendering/Theme.swift
        var theme = Theme.default
        theme.tokens["accent"] = "#0a84ff"
        // end doc
        #expect(theme.tokens["accent"] == "#0a84ff")
    }

    @Test func visitors() throws {
        let form = try Form(editing: User())
        let tree = form.tree()
        // doc: Sources/ModelForm/Rendering/FormTreeVisitor.swift
        struct Outline: FormTreeVisitor {
            mutating func visitForm(_ form: FormNode) -> String { visitSections(of: form).joined() }
            mutating func visitSection(_ section: SectionNode) -> String { visitRows(of: section).joined() }
            mutating func visitRow(_ row: RowNode) -> String {
                "- " + row.context.field.title + "\n" + visitContent(of: row).joined()
            }
            mutating func visitItem(_ item: ItemNode, in row: RowNode) -> String {
                visitContent(of: item, in: row).joined()
            }
        }
        var outline = Outline()
        let text = outline.visitForm(tree)
        // end doc
        #expect(text.hasPrefix("- Email\n"))
        // doc: Sources/ModelForm/Rendering/FormTreeVisitor.swift
        struct Errors: FormTreeWalker {
            var count = 0
            mutating func visitRow(_ row: RowNode) {
                count += row.context.errors.count
                descend(into: row)
            }
        }
        var errors = Errors()
        errors.visitForm(tree)
        // end doc
        #expect(errors.count == 0)
        // doc: Sources/ModelForm/Rendering/FormTreeVisitor.swift
        struct Untitled: FormTreeRewriter {
            mutating func rewriteRow(_ row: RowNode) -> RowNode {
                var row = rewriteChildren(of: row)
                row.context.field.title = ""
                return row
            }
        }
        var rewriter = Untitled()
        let bare = rewriter.rewriteForm(tree)
        // end doc
        #expect(bare.sections.first?.rows.first?.context.field.title == "")
        // doc: Sources/ModelForm/Rendering/FormTreeWalk.swift
        var invalid = 0
        tree.walk { element, _ in if case .row(let row) = element, !row.context.errors.isEmpty { invalid += 1 } }
        // end doc
        #expect(invalid == 0)
    }

    @Test func boundedPatterns() throws {
        let items = ["abc", "def"]
        // doc: Sources/ModelForm/Text/BoundedRegex.swift
        let regex = try BoundedRegex("[a-z]+")
        let whole = regex.matches("abc", whole: true)  // .match
        let search = regex.matches("ABC abc", whole: false)  // .match: a search
        // end doc
        #expect(whole == .match && search == .match)
        // doc: Sources/ModelForm/Text/BoundedRegex.swift
        let budget = BoundedRegex.Budget()
        for item in items { _ = regex.matches(item, whole: true, budget: budget) }
        // end doc
        // doc: Sources/ModelForm/Text/BoundedRegex.swift
        var environment = FormEnvironment()
        environment.validator.patternGate = BoundedRegex.Gate(width: 1)
        // end doc
        #expect(environment.validator.patternGate != nil)
    }

    @Test func values() {
        // doc: Sources/ModelForm/Text/DisplayWidth.swift
        let wide = DisplayWidth.of("日本")  // 4
        let accented = DisplayWidth.of("e\u{301}")  // 1 (e + combining acute)
        // end doc
        #expect(wide == 4 && accented == 1)
        // doc: Sources/ModelForm/Values/FormValue.swift
        let user: FormValue = .record(["email": .string("a@b.c"), "age": .int(41)])
        // end doc
        #expect(user["age"] == .int(41))
        // doc: Sources/ModelForm/Values/InputLimits.swift
        let depth = InputLimits.nameDepth  // 64: `a[b][0][c]` has 4 of them
        // end doc
        #expect(depth == 64)
    }
}
