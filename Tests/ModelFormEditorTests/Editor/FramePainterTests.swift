import Foundation
import ModelForm
import TestFixtures
import Testing

@testable import ModelFormEditor

/// The bytes the editor writes: whole frames first, then only the lines that changed; the
/// cursor shown only while a line editor is open; colours from the theme, none without.
@Suite struct FramePainterTests {
    static func editing() throws -> (EditorState, EditorScreen) {
        var state = EditorState(form: try YAMLFixtures.form("trip"))
        state.handle(.enter)
        return (state, EditorScreen(width: 80, height: 24))
    }

    @Test func theFirstFrameIsWholeAndAKeystrokeRepaintsOneLine() throws {
        var (state, screen) = try Self.editing()
        var painter = FramePainter(color: false, theme: .default)
        let first = painter.paint(screen.frame(state))
        #expect(first.contains("\u{1B}[2J") && first.components(separatedBy: "\u{1B}[K").count - 1 == 24)
        state.handle(.character("x"))
        let keystroke = painter.paint(screen.frame(state))
        let lines = keystroke.components(separatedBy: "\u{1B}[K").count - 1
        #expect(lines == 1)
        #expect(keystroke.utf8.count <= 2 * 80, "\(keystroke.utf8.count) bytes: \(keystroke.debugDescription)")
        #expect(keystroke.contains("› Name: [Adax]"))
        // Moving the focus repaints the two rows it leaves and enters, and the status line.
        state.handle(.enter)
        _ = painter.paint(screen.frame(state))
        state.handle(.down)
        #expect(painter.paint(screen.frame(state)).components(separatedBy: "\u{1B}[K").count - 1 == 3)
    }

    @Test func theCursorShowsOnlyWhileEditing() throws {
        var (state, screen) = try Self.editing()
        var painter = FramePainter(color: false, theme: .default)
        let editing = painter.paint(screen.frame(state))
        #expect(editing.hasSuffix("\u{1B}[3;13H\u{1B}[?25h"))
        state.handle(.escape)
        #expect(painter.paint(screen.frame(state)).hasSuffix("\u{1B}[?25l"))
    }

    @Test(arguments: [false, true])
    func coloursFollowTheThemeAndNoColorTurnsThemOff(_ color: Bool) throws {
        let (state, screen) = try Self.editing()
        var copy = screen
        var painter = FramePainter(color: color, theme: .default)
        let bytes = painter.paint(copy.frame(state))
        let sgr = bytes.range(of: "\u{1B}\\[[0-9;]*m", options: .regularExpression) != nil
        #expect(sgr == color)
        if color { #expect(bytes.contains("\u{1B}[7m› Name: [Ada]\u{1B}[K\u{1B}[0m")) }
    }

    @Test func invalidateRepaintsEverything() throws {
        let (state, screen) = try Self.editing()
        var copy = screen
        var painter = FramePainter(color: false, theme: .default)
        _ = painter.paint(copy.frame(state))
        #expect(painter.paint(copy.frame(state)).isEmpty == false)
        painter.invalidate()
        #expect(painter.paint(copy.frame(state)).contains("\u{1B}[2J"))
    }
}

/// Long text in `$EDITOR`: the state asks the shell, the shell answers.
@Suite struct ExternalEditorTests {
    @Test func longTextGoesToTheEditorAndComesBack() throws {
        var state = EditorState(form: try YAMLFixtures.form("trip"), focus: "needsVisa")
        state.usesExternalEditor = true
        state.handle(.space)
        state.handle(.down)
        state.handle(.enter)
        #expect(state.request == .editText("notes", ""))
        state.handle(.down)
        #expect(state.focusedPath == "notes", "keys wait while the editor runs")
        state.finishExternalEdit("Passport.\nVisa.\n")
        #expect(state.request == nil && state.form.values["notes"] == .string("Passport.\nVisa."))
        state.handle(.enter)
        state.finishExternalEdit(nil, failure: "the editor exited with status 1; the text is unchanged")
        #expect(
            state.form.values["notes"] == .string("Passport.\nVisa.")
                && state.message == "the editor exited with status 1; the text is unchanged")
    }

    @Test func theEditorRunsThroughTheShell() {
        #expect(ExternalEditor(command: "printf 'edited' >").edit("old").text == "edited")
        #expect(ExternalEditor(command: "cat >/dev/null <").edit("kept\n").text == "kept\n")
        let failed = ExternalEditor(command: "exit 3;").edit("old")
        #expect(failed.text == nil && failed.failure == "the editor exited with status 3; the text is unchanged")
    }
}

/// The screen redraws only the rows an edit changed (and those its rules show, hide or
/// change): after any key, what it holds must equal the page drawn whole.
@Suite struct IncrementalRedrawTests {
    @Test(arguments: ["trip", "registration", "team", "kinds"])
    func rowByRowEqualsWhole(_ fixture: String) throws {
        var state = EditorState(form: try YAMLFixtures.form(fixture))
        var screen = EditorScreen(width: 80, height: 24)
        let keys: [Key] = [
            .down, .up, .tab, .enter, .space, .character("x"), .backspace, .escape, .character("1"), .pageDown, .home,
            .end,
        ]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        var compared = 0
        for _ in 0..<400 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var key = keys[Int(seed >> 33) % keys.count]
            // Never cancel or leave: the walk stays in the editor.
            if key == .escape, state.trail.isEmpty, state.mode == .navigating { key = .down }
            state.handle(key)
            if state.outcome != nil || state.request != nil { break }
            _ = screen.frame(state)
            guard case .entity = state.page.content, case .navigating = state.mode else { continue }
            let whole = EditorBody.RenderedPage(state.page, width: 80, theme: state.form.environment.theme)
            #expect(screen.rendered?.blocks == whole.blocks, "after \(key) at \(state.focusedPath?.description ?? "-")")
            compared += 1
        }
        #expect(compared > 50)
    }
}

extension IncrementalRedrawTests {
    @Test func aRuleThatShowsARowRedrawsItAlone() throws {
        var state = EditorState(form: try YAMLFixtures.form("trip"), focus: "needsVisa")
        var screen = EditorScreen(width: 80, height: 24)
        _ = screen.frame(state)
        for expected in [true, false] {
            state.handle(.space)
            #expect(state.page.changes?.rows == ["needsVisa", "notes"])
            _ = screen.frame(state)
            #expect(screen.rendered?.blocks.contains { $0.row == "notes" } == expected)
            #expect(screen.rendered?.blocks == EditorBody.RenderedPage(state.page, width: 80, theme: .default).blocks)
        }
    }
}
