import Foundation
import ModelForm
import ModelFormText
import Testing

// doc: Sources/ModelForm/Rendering/OutputFormat.swift
enum EnvFormat: OutputFormat {
    typealias Writer = StringWriter
    static let name = "env"
    static func escape(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: "\\n") }
    static func templateMarkup(for context: CellContext) -> [String: String] { ["name": context.inputName] }
}
// end doc

// doc: Sources/ModelForm/Rendering/OutputFormat.swift
struct LineWriter: FormatWriter {
    var lines: [String] = []
    init(capacity: Int) {}
    mutating func raw(_ text: String) { lines.append(text) }
    var output: String { lines.joined(separator: "\n") }
}
// end doc

/// The examples of the `///` comments that show the rest of the core's public surface
/// (each public declaration of the core is named by some example: `DocumentationChecks`).
@Suite struct CoreReferenceDocExamples {
    struct Guest: Codable {
        var name = "Ada"
        var age = 36
    }
    struct Trip: Codable {
        var destination = "Lyon"
        var needsVisa = false
        var visaNumber = ""
        var travellers = 1
        var mode = "train"
        var stops = ["Dijon", "Mâcon"]
    }
    struct Address: Codable { var city = "" }
    struct Profile: Codable {
        var name = ""
        var bio = ""
        var mobile = ""
        var subscribed = false
        var born = Date(timeIntervalSince1970: 0)
        var visits: UInt = 0
        var rating: Float = 0
        var photo = Data()
        var homepage: URL?
        var address = Address()
        var previous: [Address] = []
    }

    @Test func aFormatOfYourOwn() throws {
        let form = try Form(editing: Guest())
        // doc: Sources/ModelForm/Rendering/CellRegistry.swift
        let line = Cell<EnvFormat>(name: "line") { context in EnvFormat.escape(context.display) }
        var cells = CellRegistry<EnvFormat>(unsupported: line)
        cells.registerDefault(line)
        let layout = FieldLayout<EnvFormat>(name: "assignment") { context, control in
            "\(context.inputName)=\(control)\(context.isRequired ? "  # required" : "")\n"
        }
        var writer = StringWriter()
        for section in form.tree().sections {
            for row in section.rows { cells.draw(row.context, layout: layout, into: &writer) }
        }
        let text = writer.output  // "name=Ada\nage=36\n"
        let resolution: CellResolution<EnvFormat> = cells.resolve(form.config.fields[0])  // the default cell
        // end doc
        #expect(text == "name=Ada\nage=36\n")
        #expect(resolution.cell.name == "line" && cells.unsupported.name == "line")
        #expect(EnvFormat.templateMarkup(for: form.tree().sections[0].rows[0].context) == ["name": "name"])

        // doc: Sources/ModelForm/Rendering/OutputFormat.swift
        var lines = LineWriter(capacity: 0)
        var part = lines.fresh()  // an empty writer to draw a part on its own
        part.raw("name=Ada")
        lines.raw(part.output)
        // end doc
        #expect(lines.output == "name=Ada")
    }

    @Test func aTreeWalkedByHand() throws {
        var form = try Form(editing: Trip())
        try form.configs[Trip.self]?.update("destination") {
            $0.header = "Where"
            $0.footer = "Any town"
        }
        // doc: Sources/ModelForm/Rendering/FormTree.swift
        let tree = form.tree()
        var outline: [String] = []
        for section in tree.sections {
            outline.append("# " + (section.header ?? ""))
            for row in section.rows {
                let content: RowNode.Content = row.content
                if case .collection(let items) = content {
                    outline += items.map { item in "- " + item.summary }
                } else {
                    outline.append(row.context.field.title)
                }
            }
            if let footer = section.footer { outline.append(footer) }
        }
        let buttons = tree.actions.map(\.title)  // ["Save", "Cancel"]
        // end doc
        #expect(outline.contains("# Where") && outline.contains("Any town") && outline.contains("- Dijon"))
        #expect(buttons == ["Save", "Cancel"])

        let trip = try Form(editing: Trip())
        // doc: Sources/ModelForm/Rendering/FormTree.swift
        let stops = trip.tree(link: { _, path in "/trip/\(path)" }).sections[0].rows.first {
            $0.context.path == "stops"
        }
        if case .collection(let items)? = stops?.content, case .cell(let context) = items[0].content {
            print(context.display)  // Dijon
        }
        // end doc
        let items: [ItemNode]
        if case .collection(let found)? = stops?.content { items = found } else { items = [] }
        #expect(items.count == 2)
    }

    @Test func aCellDrawingChoices() throws {
        var form = try Form(editing: Trip())
        try form.configs[Trip.self]?.update("mode") {
            $0.type = .option
            $0.options = [
                FieldOption(value: .string("train"), title: "Train"), FieldOption(value: .string("car"), title: "Car"),
            ]
            $0.cell = "radios"
        }
        // doc: Sources/ModelForm/Rendering/CellContext.swift
        let radios = Cell<PlainTextFormat>(name: "radios", drawsGroup: true) { (context: CellContext) in
            context.choices.map { (choice: CellContext.Choice) in (choice.selected ? "(x) " : "( ) ") + choice.title }
                .joined(separator: "\n")
        }
        // end doc
        let row = form.tree().sections[0].rows.first { $0.context.path == "mode" }
        #expect(radios.render(try #require(row?.context)) == "(x) Train\n( ) Car" && radios.drawsGroup)
        #expect(row?.context.link == nil && row?.context.drawsGroup == false)
    }

    @Test func conditionsInCode() throws {
        // doc: Sources/ModelForm/Config/Condition+Builder.swift
        let needsVisa: ConditionField = .field("needsVisa")
        let far: Condition = needsVisa.isTrue && .field("destination").isNotIn(["Lyon", "Paris"])
        let busy: Condition = .field("mode").isIn(["train", "plane"]) || .field("travellers") > 4
        // end doc
        #expect(far.description == #"needsVisa and destination not in ["Lyon", "Paris"]"#)
        #expect(busy.evaluate(in: .record(["mode": .string("train"), "travellers": .int(1)])))
        // doc: Sources/ModelForm/Config/Condition+Builder.swift
        struct Code: ConditionLiteral {
            var text: String
            var conditionValue: FormValue { .string(text.uppercased()) }
        }
        let french: Condition = .field("country") == Code(text: "fr")  // country == "FR"
        // end doc
        #expect(french.evaluate(in: .record(["country": .string("FR")])))
        // doc: Sources/ModelForm/Config/Condition.swift
        let adult = try Condition(parsing: "age >= 18")
        if case .compare(let path, let comparison, let operand) = adult {
            let op: Condition.Comparison = comparison  // .greaterOrEqual, written ">="
            let limit: Condition.Operand = operand  // .value(.int(18)); `.field(path)` compares two fields
            print(path, op.rawValue, limit)
        }
        // end doc
        do {
            // doc: Sources/ModelForm/Config/Condition.swift
            let rule = try Condition(parsing: "contact is record")
            let street: Condition = .hasKind("contact", Condition.ValueKind.record)
            let both = rule == street  // true
            let applies = rule.evaluate(in: .record(["contact": .string("ada@example.com")]))  // false
            // end doc
            #expect(both && !applies)
        }
        // doc: Sources/ModelForm/Conditions/ConditionParser.swift
        do throws(ConditionError) {
            _ = try Condition(parsing: "age >")
        } catch {
            let caret = String(repeating: " ", count: error.offset) + "^"  // under where it went wrong
            print("age >\n\(caret) \(error.message)")
        }
        // end doc
        #expect(throws: ConditionError.self) { try Condition(parsing: "age >") }
    }

    @Test func conditionalFields() throws {
        var form = try Form(editing: Trip())
        // doc: Sources/ModelForm/Config/FieldConditions.swift
        try form.configs[Trip.self]?.update("visaNumber") {
            $0.conditions = FieldConditions(
                visibleIf: .field("needsVisa") == true, enabledIf: .field("travellers") > 0,
                whenHidden: HiddenValuePolicy.clear)  // a hidden visa number is not saved
        }
        let state: FieldState = form.fieldState(at: "visaNumber")
        let editable = state.isEnabled && !state.isConditionallyRequired  // true
        // end doc
        #expect(editable)
    }

    @Test func fieldSettings() throws {
        var form = try Form(editing: Profile())
        // doc: Sources/ModelForm/Config/Field.swift
        try form.configs[Profile.self]?.update("bio") {
            $0.header = "About you"
            $0.help = "A few lines for your profile page."
            $0.defaultValue = .string("Hello!")
            $0.traits = InputTraits(autocapitalization: .sentences, contentHint: "bio")
            $0.cellProperties = ["textView.rows": "6"]
            $0.footer = ""
        }
        try form.configs[Profile.self]?.update("previous") {
            $0.inline = true
            $0.sortable = true
        }
        try form.configs[Profile.self]?.update("visits") {
            $0.readOnly = true
            $0.valueTransformer = "count"
        }
        try form.configs[Profile.self]?.update("photo") { $0.hidden = true }
        // end doc
        let bio = try form.field(at: "bio")
        #expect(bio.header == "About you" && bio.footer == "" && bio.cellProperties["textView.rows"] == "6")
        #expect(try form.field(at: "previous").inline && form.field(at: "visits").readOnly)
        #expect(try form.field(at: "photo").hidden && bio.defaultValue == .string("Hello!") && bio.help != nil)
        #expect(try form.field(at: "visits").valueTransformer == "count" && bio.traits.contentHint == "bio")
        #expect(try form.field(at: "previous").sortable)
    }

    @Test func inputTraits() throws {
        // doc: Sources/ModelForm/Config/InputTraits.swift
        var pin = Field(key: "pin", type: .password)
        pin.traits = InputTraits(keyboard: .numberPad, secureEntry: true, contentHint: "one-time-code")
        pin.traits.autocapitalization = InputTraits.Autocapitalization.none
        pin.traits.autocorrection = false
        let keyboard: InputTraits.Keyboard = pin.traits.keyboard  // HTML: inputmode="numeric"
        let untyped = InputTraits.none  // switches, pickers, subforms
        // end doc
        #expect(keyboard == .numberPad && pin.traits.secureEntry && untyped.autocorrection == false)
    }

    @Test func rulesAsData() throws {
        // doc: Sources/ModelForm/Config/ValidationRule.swift
        var code = Field(key: "code", type: .text)
        code.rules = [ValidationRule(.required), ValidationRule(.length(min: 3, max: 8), message: "3 to 8 letters")]
        let bounds = code.rules.compactMap { rule -> Int? in
            if case ValidationRule.Kind.length(_, let max) = rule.kind { return max }
            return nil
        }  // [8]
        var env = Field(key: "env", type: .text)
        env.keyRules = [ValidationRule(.pattern("[A-Z_]+"))]  // a map's keys: upper-case names
        // end doc
        #expect(bounds == [8] && env.keyRules.count == 1)
    }

    @Test func fieldTypes() throws {
        // doc: Sources/ModelForm/Config/FieldType.swift
        var configs = try ConfigDictionary(describing: Profile.self)
        let inferred = configs.root.fields.map(\.type)
        // [.text, .longText, .text, .boolean, .date, .unsigned, .float, .image, .url, .subform, .collection]
        try configs[Profile.self]?.update("mobile") { $0.type = .phone }
        try configs[Profile.self]?.update("born") { $0.type = .dateTime }
        try configs[Profile.self]?.update("name") { $0.type = .label }  // shown, not edited
        // end doc
        #expect(
            inferred == [
                .text, .longText, .text, .boolean, .date, .unsigned, .float, .image, .url, .subform, .collection,
            ])
        #expect(configs.root.field("bio")?.type == .longText && configs.root.field("name")?.type == .label)
    }

    @Test func formConfigs() throws {
        var configs = try ConfigDictionary(describing: Guest.self)
        // doc: Sources/ModelForm/Config/FormConfig.swift
        var guest: FormConfig = configs.root
        guest.actions = FormConfig.standardActions + [Field(key: nil, type: .action, title: "Print", action: "print")]
        guest.hiddenValues = .clear
        configs.replace(guest)
        // end doc
        #expect(configs.root.actions.count == 3 && configs.root.hiddenValues == .clear)
    }

    @Test func errorsOfDescriptions() throws {
        // doc: Sources/ModelForm/Describe/DescriptionError.swift
        do throws(DescriptionError) {
            _ = try ConfigDictionary(describing: Int.self)
        } catch {
            print(error.message)  // 'Int' is a single value, not a model with properties
        }
        // end doc
        #expect(throws: DescriptionError.self) { try ConfigDictionary(describing: Int.self) }
        let configs = try ConfigDictionary(describing: Guest.self)
        var form = try Form(editing: Guest(), configs: configs)
        // doc: Sources/ModelForm/Config/ConfigError.swift
        do throws(ConfigError) {
            try form.configs[Guest.self]?.exclude(["nmae"])
        } catch {
            print(error)  // unknown field 'nmae' in 'Guest'; did you mean 'name'?
        }
        // end doc
    }

    @Test func locations() throws {
        // doc: Sources/ModelForm/Diagnostics/JSONParser.swift
        let text = "{\n  \"name\": \"Ada\",\n  \"tags\": [1, 2]\n}"
        let document: JSONParser.Document = try JSONParser.parse(text, file: "guest.json")
        let mark: SourceMark? = document.mark("/tags/1")  // guest.json:3:15
        let column = mark?.column  // 15
        let names = document.value.object?.pairs.map(\.key)  // ["name", "tags"]
        let second = document.value["tags"]?.array?[1].number?.double  // 2.0
        // end doc
        #expect(mark?.description == "guest.json:3:15" && column == 15)
        #expect(names == ["name", "tags"] && second == 2)
        // doc: Sources/ModelForm/Diagnostics/Diagnostic.swift
        do throws(DiagnosticList) {
            _ = try JSONParser.parse("{\"name\": }", file: "guest.json")
        } catch {
            for diagnostic: Diagnostic in error.diagnostics {
                print(diagnostic.mark.line, diagnostic.mark.column, diagnostic.message)
            }
        }
        // end doc
        #expect(throws: DiagnosticList.self) { try JSONParser.parse("{\"name\": }", file: "guest.json") }
    }

    @Test func jsonValues() throws {
        // doc: Sources/ModelForm/Values/JSONValue.swift
        let number = JSONNumber("1e3")  // kept as written; `double` is 1000.0
        let object = JSONObject([("size", .number(JSONNumber(3))), ("unit", .string("cm"))])
        let value: FormValue = JSONValue.object(object).formValue  // .record(["size": .int(3), "unit": ...])
        // end doc
        #expect(number?.double == 1000 && number?.text == "1e3")
        #expect(value == .record(["size": .int(3), "unit": .string("cm")]))
    }

    @Test func formValues() throws {
        // doc: Sources/ModelForm/Values/FormValue.swift
        let guest: FormRecord = ["name": .string("Ada"), "age": .int(36), "phone": .null]
        let filled = guest.pairs.filter { !$0.value.isNull }.map(\.key)  // ["name", "age"]
        let name = guest["name"]?.stringValue  // "Ada"
        let age = guest["age"]?.plainText  // "36"
        // end doc
        #expect(filled == ["name", "age"] && name == "Ada" && age == "36")
    }

    @Test func paths() throws {
        // doc: Sources/ModelForm/Values/FormPath.swift
        let path: FormPath = "friends[2].name"
        let owner = path.parent  // friends[2]
        let inFriends = path.hasPrefix("friends")  // true
        if case FormPath.Component.key(let key)? = path.last { print(key) }  // name
        let root = FormPath().isRoot  // true
        // end doc
        #expect(owner == "friends[2]" && root && inFriends)
    }

    @Test func limits() throws {
        // doc: Sources/ModelForm/Values/InputLimits.swift
        let limits = [
            InputLimits.fileBytes,  // 16 MiB: any file read
            InputLimits.yamlDepth,  // 128 levels of YAML nesting
            InputLimits.yamlAliasExpansion,  // 100,000 nodes made by aliases
            InputLimits.printedDiagnostics,  // 100 errors printed, then a count of the rest
        ]
        // end doc
        #expect(limits == [16 << 20, 128, 100_000, 100])
    }

    @Test func transformers() throws {
        // doc: Sources/ModelForm/Values/ValueTransformers.swift
        var transformers = ValueTransformers()
        let kilometres = ValueTransformer(
            name: "km", display: { "\($0.plainText) km" },
            reverse: { text in Int64(text.replacingOccurrences(of: " km", with: "")).map(FormValue.int) })
        transformers.register(kilometres)
        let shown = kilometres.display(.int(42))  // "42 km"
        let read = kilometres.reverse?("42 km")  // .int(42)
        // end doc
        #expect(shown == "42 km" && read == .int(42))
    }
}
