import Foundation
import ModelForm
import ModelFormEditor
import ModelFormYAML
import Testing

/// A TAB in a value is drawn as `^I` (the terminal would move to the next tab stop and leave
/// stale characters), on every row and in the line editor.
@Suite struct EditorTabTests {
    static func state() throws -> EditorState {
        let configs = ConfigDictionary(
            try TypeDefinitionLoader.load(
                text: "root: Note\ntypes:\n  Note:\n    title: String\n    body: String\n", file: "note.types.yaml"))
        return EditorState(
            form: Form(
                values: .record(["title": .string("a\tb"), "body": .string("c\td")]), configs: configs, typeName: "Note"
            ))
    }

    @Test func aTabIsDrawnVisibly() throws {
        var state = try Self.state()
        var screen = EditorScreen(width: 80, height: 24)
        var frame = screen.frame(state)
        #expect(frame.lines.allSatisfy { !$0.contains("\t") }, "\(frame.lines)")
        #expect(
            frame.lines.contains { $0.contains("a^Ib") } && frame.lines.contains { $0.contains("c^Id") },
            "\(frame.lines)")
        state.handle(.enter)  // edit the focused field
        frame = screen.frame(state)
        #expect(frame.lines.allSatisfy { !$0.contains("\t") }, "\(frame.lines)")
    }
}

/// A focused row taller than the screen (a long collection) keeps its marker in view.
@Suite struct EditorTallFocusTests {
    @Test func theMarkerOfATallFocusedRowStaysInView() throws {
        let configs = ConfigDictionary(
            try TypeDefinitionLoader.load(
                text: "root: Trip\ntypes:\n  Trip:\n    name: String\n    stops: \"[String]\"\n    notes: String\n",
                file: "trip.types.yaml"))
        let stops = FormValue.list((1...40).map { .string("Stop \($0)") })
        var state = EditorState(
            form: Form(
                values: .record(["name": .string("Tour"), "stops": stops, "notes": .string("")]), configs: configs,
                typeName: "Trip"))
        var screen = EditorScreen(width: 60, height: 12)
        _ = screen.frame(state)
        state.handle(.down)  // to the collection
        let frame = screen.frame(state)
        #expect(frame.lines.contains { $0.hasPrefix("› Stops") }, "\(frame.lines)")
    }
}
