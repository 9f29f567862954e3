import BenchmarkSupport
import Foundation
import ModelForm
import ModelFormEditor

/// The terminal editor's figures on a wide form (1,000 fields by default): the median time
/// from a key to the finished frame (the state machine, the screen and the painter's bytes),
/// and the bytes one keystroke writes, for moving the focus, typing in the line editor,
/// confirming an edit, and toggling a boolean that rules read. Prints one JSON object.
///
/// Usage: EditorFigures [FIELDS] [REPEATS]
///
/// `MODELFORM_EDITOR_ONLY=move|type|confirm|toggle` runs that key alone (for callgrind).
let arguments = CommandLine.arguments
let fields = arguments.count > 1 ? Int(arguments[1]) ?? 1000 : 1000
let repeats = arguments.count > 2 ? Int(arguments[2]) ?? 201 : 201
let only = ProcessInfo.processInfo.environment["MODELFORM_EDITOR_ONLY"]

let workloads = Workloads(fields: fields)
let form = Form(values: workloads.values, configs: workloads.configs, typeName: "Wide")

/// Times `keys` one at a time from `state`, each followed by a frame and its bytes: the
/// median milliseconds and the median bytes.
func measure(_ name: String, from start: EditorState, counting: (Int) -> Bool = { _ in true }, keys: (Int) -> Key) -> (
    ms: Double, bytes: Int
) {
    guard only == nil || only == name else { return (0, 0) }
    var state = start
    var screen = EditorScreen(width: 80, height: 24)
    var painter = FramePainter(color: true, theme: .default)
    _ = painter.paint(screen.frame(state))
    var times: [Double] = []
    var sizes: [Int] = []
    for index in 0..<(repeats * 2) {
        let begin = DispatchTime.now().uptimeNanoseconds
        state.handle(keys(index))
        let bytes = painter.paint(screen.frame(state))
        guard counting(index), times.count < repeats else { continue }
        times.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6)
        sizes.append(bytes.utf8.count)
    }
    return (times.sorted()[times.count / 2], sizes.sorted()[sizes.count / 2])
}

let navigating = EditorState(form: form, focus: "f500Text")
let move = measure("move", from: navigating) { $0 % 2 == 0 ? .down : .up }
var editing = navigating
editing.handle(.enter)
let type = measure("type", from: editing) { $0 % 2 == 0 ? .character("x") : .backspace }
// Enter confirms the edit and opens the next one: each confirm parses, stores and rebuilds
// the page (its rules applied to the new values).
// Only the confirming keys are counted.
let confirm = measure("confirm", from: editing, counting: { $0 % 2 == 0 }, keys: { _ in .enter })
// Space on a boolean that a rule reads: the rules run again and the whole page is redrawn
// (on the form with 200 visibleIf rules).
let ruled = EditorState(form: workloads.ruledForm(), focus: "f503Flag")
let toggle = measure("toggle", from: ruled) { _ in .space }
print(
    """
    {"fields": \(fields), "move_ms": \(move.ms), "move_bytes": \(move.bytes), "type_ms": \(type.ms), "type_bytes": \(type.bytes), \
    "confirm_ms": \(confirm.ms), "confirm_bytes": \(confirm.bytes), "toggle_ruled_ms": \(toggle.ms), "toggle_ruled_bytes": \(toggle.bytes)}
    """)
