import Foundation
import ModelForm
import ModelFormHTML
import Synchronization
import Testing

/// The examples of the `///` comments on editing a ``Form`` in code, its delegate, its
/// environment and its actions (with `CoreReferenceDocExamples`, they name every public
/// declaration of the core).
@Suite struct CoreFormReferenceDocExamples {
    struct Stop: Codable {
        var town = ""
    }
    struct Trip: Codable {
        var destination = "Lyon"
        var travellers = 1
        var stops = [Stop(town: "Dijon"), Stop(town: "Mâcon")]
        var seats = 0
    }

    @Test func editingInCode() throws {
        var form = try Form(editing: Trip())
        try form.configs[Trip.self]?.update("stops") { $0.sortable = true }
        // doc: Sources/ModelForm/Form/Form.swift
        try form.setValue(.string("Nice"), at: "destination")
        try form.setValue(Stop(town: "Arles"), at: "stops[1]")  // any Encodable value
        try form.moveItem(at: "stops[1]", to: 0)
        let changed = form.isDirty ? form.changedValues.keys.sorted() : []
        // ["destination", "stops[0].town", "stops[1].town"]
        form.reset()  // every field to its default
        // end doc
        #expect(changed == ["destination", "stops[0].town", "stops[1].town"])
        #expect(form.value(at: "destination") == .string("") && form.isDirty)
    }

    @Test func actions() throws {
        var form = try Form(editing: Trip())
        // doc: Sources/ModelForm/Editing/FormAction.swift
        let action: FormAction? = try form.apply(pairs: [("stops[0][town]", "Beaune"), ("_action", "add:stops")])
        switch action {
        case .add(let path)?: print("a new item in", path)  // stops
        case .save?, .custom?: print(action?.description ?? "")
        default: break
        }
        // end doc
        #expect(action == .add("stops") && form.value(at: "stops[0].town") == .string("Beaune"))
        // The submission names one item: the list is that item and the new one.
        #expect(form.value(at: "stops[1].town") == .string("") && form.value(at: "stops[2]") == nil)
    }

    @Test func namedChecks() throws {
        // doc: Sources/ModelForm/Editing/Validator.swift
        let notAlone: Validator.Check = { value, record in
            value == .int(1) && record["destination"] == .string("Everest") ? "take a guide" : nil
        }
        let someone: Validator.ModelCheck = { values in
            values.intValue == 0 ? [FieldError(path: "travellers", rule: "custom", message: "no one is going")] : []
        }
        var validator = Validator()
        validator.register("notAlone", notAlone)
        validator.addModelCheck(someone)
        // end doc
        var environment = FormEnvironment()
        environment.validator = validator
        var form = try Form(editing: Trip(), environment: environment)
        try form.configs[Trip.self]?.update("travellers") { $0.rules = [ValidationRule(.custom("notAlone"))] }
        try form.setText("Everest", at: "destination")
        #expect(form.validate().map(\.message) == ["take a guide"])
    }

    @Test func optionChoices() throws {
        var form = try Form(editing: Trip())
        try form.configs[Trip.self]?.update("seats") {
            $0.options = [
                FieldOption(value: .string("one"), title: "Just me"),
                FieldOption(value: .string("many"), title: "A team"),
            ]
            $0.placeholder = "How many?"
        }
        // doc: Sources/ModelForm/Form/Form+Options.swift
        let choices: [OptionChoice] = form.options(for: "seats")
        let offered = choices.filter { !$0.isPlaceholder }.map(\.title)  // ["Just me", "A team"]
        // end doc
        #expect(offered == ["Just me", "A team"] && choices.count == 3)
    }

    @Test func delegateCallbacks() throws {
        // doc: Sources/ModelForm/Form/FormDelegate.swift
        final class Journal: FormDelegate {
            let entries = Mutex<[String]>([])
            func formWillCommit(_ form: Form<FormValue>) { entries.withLock { $0.append("saving") } }
            func formDidCommit(_ form: Form<FormValue>) { entries.withLock { $0.append("saved") } }
            func formDidCancel(_ form: Form<FormValue>) { entries.withLock { $0.append("dropped") } }
        }
        let journal = Journal()
        var form = try Form(editing: Trip())
        form.delegate = journal
        _ = try form.commit()  // journal.entries: ["saving", "saved"]
        // end doc
        #expect(journal.entries.withLock { $0 } == ["saving", "saved"])
    }

    @Test func cellsForAFormat() throws {
        // doc: Sources/ModelForm/Form/FormEnvironment.swift
        var cells = HTMLCells.standard
        cells.register(Cell<HTMLFormat>(name: "town") { "<b>\(HTMLFormat.escape($0.inputValue))</b>" }, named: "town")
        var environment = FormEnvironment()
        environment.setCells(cells)  // every HTML render of the form draws with these
        environment.theme.assets["css"] = ["form { max-width: 40rem }"]  // the theme's style sheets
        // end doc
        var form = try Form(editing: Trip(), environment: environment)
        try form.configs[Trip.self]?.update("destination") { $0.cell = "town" }
        #expect(HTMLRenderer().render(form).contains("<b>Lyon</b>"))
    }
}
