import Foundation
import ModelFormTesting
import Testing

/// `modelform edit` in a real terminal: tmux at 80x24, keys sent, the screen captured, the
/// values file checked after exit, and the terminal settings (`stty -g`) restored.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct TmuxFlowTests {
    static var hasTmux: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

    /// One end-to-end flow: keys sent in steps (each waits for a text on the screen first),
    /// then the exit status and the values file after exit.
    struct Flow: CustomTestStringConvertible, Sendable {
        var name: String
        var fixture: String
        /// Each step: the text to wait for on the screen, then the keys to send.
        var steps: [(waitFor: String, keys: [String])]
        var status: Int
        /// The values file after exit (`nil`: byte-for-byte the original).
        var values: String?
        var testDescription: String { name }
    }

    static let flows: [Flow] = [
        Flow(
            name: "edit and save", fixture: "trip",
            steps: [
                ("› Name", ["Down", "Enter", "C-u", "4", "Enter"]),
                ("Travellers     4", ["Down", "Space", "C-s"]),
            ], status: 0,
            values:
                "name: Ada\ntravellers: 4\nneedsVisa: true\ndeparts: 2026-12-01\nrepeats: never\ncontact: ada@example.com\npasscode: \"1234\"\nnotes: null\n"
        ),
        Flow(
            name: "cancel", fixture: "trip",
            steps: [
                ("› Name", ["Enter", "C-u", "B", "Enter", "Escape"]),
                ("Discard changes? (y/N)", ["y"]),
            ], status: 130, values: nil),
        Flow(
            name: "a relationship", fixture: "team",
            steps: [
                ("› Name", ["Down", "Enter"]),
                ("Team › Lead", ["Down", "Enter", "C-u", "ada@analytical.org", "Enter", "Escape"]),
                ("› Lead", ["C-s"]),
            ], status: 0,
            values:
                // Only the changed email's bytes change: the file's own indentation stays.
                "name: Analytical Engines\nlead:\n  name: Ada Lovelace\n  email: ada@analytical.org\nmembers:\n  - name: Grace Hopper\n  - name: Alan Turing\n  - name: Mary Somerville\ntags: [math, machines]\n"
        ),
        Flow(
            name: "a collection add and remove", fixture: "team",
            steps: [
                ("› Name", ["Down", "Down", "Enter"]),
                ("Team › Members", ["Down", "d"]),
                ("Remove item 2 (Alan Turing)? (y/N)", ["y"]),
                ("› 2. Mary Somerville", ["a"]),
                ("› 3. Person", ["Enter"]),
                ("Team › Members › Person", ["Enter", "C-u", "Charles Babbage", "Enter", "Escape"]),
                ("› 3. Charles Babbage", ["Escape", "C-s"]),
            ], status: 0,
            values:
                // Edited in place: the list keeps the file's indentation.
                "name: Analytical Engines\nlead:\n  name: Ada Lovelace\n  email: ada@example.com\nmembers:\n  - name: Grace Hopper\n  - name: Mary Somerville\n  - name: Charles Babbage\n    email: null\ntags: [math, machines]\n"
        ),
        Flow(
            name: "a union: choose a case, then type its value", fixture: "order",
            steps: [
                ("› Item", ["Down", "Enter"]),
                ("Voucher", ["Down", "Enter"]),
                ("Order › Payment: Card", ["Enter", "4242", "Enter", "Escape"]),
                ("› Payment", ["C-s"]),
            ], status: 0,
            values: "item: Lamp\npayment:\n  card:\n    number: \"4242\"\n    expiry: null\ncontact: ada@example.com\n"
        ),
        Flow(
            name: "a map: add, rename, remove and an entry's form", fixture: "package",
            steps: [
                ("› Name", ["Down", "Enter"]),
                ("Package › Scripts", ["a", "lint", "Enter"]),
                ("› lint", ["Enter", "swiftlint", "Enter", "Up", "Up", "r", "C-u", "compile", "Enter"]),
                ("› compile", ["Down", "d"]),
                ("Remove the entry \"test:all\"? (y/N)", ["y"]),
                ("entry 2 of 2", ["Escape", "Down", "Enter"]),
                ("Package › Services", ["Down", "Enter"]),
                ("Package › Services › db", ["Down", "Enter", "5432", "Enter", "Escape", "Escape", "C-s"]),
            ], status: 0,
            values:
                "name: engines\nscripts:\n  compile: swift build\n  lint: swiftlint\nservices:\n  web:\n    image: nginx\n    port: 80\n  db:\n    image: postgres\n    port: 5432\nmatrix:\n  linux:\n    x86: 1\n"
        ),
        Flow(
            name: "an error then moving on", fixture: "trip",
            steps: [
                ("› Name", ["Down", "Enter", "C-u", "many", "Tab"]),
                ("! 'many' is not a whole number", ["C-s"]),
                ("not saved: fix the field first", ["Enter", "C-u", "3", "Enter", "C-s"]),
            ], status: 0,
            values:
                "name: Ada\ntravellers: 3\nneedsVisa: false\ndeparts: 2026-12-01\nrepeats: never\ncontact: ada@example.com\npasscode: \"1234\"\nnotes: null\n"
        ),
    ]

    @Test(.enabled(if: hasTmux), arguments: flows)
    func aFlowEndsWithTheRightFileAndTheTerminalRestored(_ flow: Flow) throws {
        let terminal = try TmuxTerminal(fixture: flow.fixture)
        defer { terminal.close() }
        try terminal.start("edit \(flow.fixture).types.yaml")
        for step in flow.steps {
            let screen = terminal.waitFor(step.waitFor)
            try #require(screen.contains(step.waitFor), "waited for \(step.waitFor) on\n\(screen)")
            try terminal.send(step.keys)
        }
        #expect(terminal.waitForFile("status.txt") == "EXIT \(flow.status)\n")
        #expect(terminal.values == (flow.values ?? terminal.originalValues))
        #expect(terminal.waitForFile("after.txt") == terminal.read("before.txt"))
    }

    /// SIGKILL stands for a crash: the editor cannot clean up, its guardian process does.
    @Test(.enabled(if: hasTmux), arguments: [("INT", 130), ("TERM", 143), ("HUP", 129), ("KILL", 137)])
    func aSignalRestoresTheTerminalAndLeavesTheFile(_ signal: String, _ status: Int) throws {
        let terminal = try TmuxTerminal(fixture: "trip")
        defer { terminal.close() }
        try terminal.start("edit trip.types.yaml")
        _ = terminal.waitFor("› Name")
        try terminal.send(["Enter", "C-u", "Grace", "Enter"])
        _ = terminal.waitFor("› Name *      Grace")
        try terminal.signal(signal)
        #expect(terminal.waitForFile("status.txt") == "EXIT \(status)\n")
        #expect(terminal.values == terminal.originalValues)
        #expect(terminal.waitForFile("after.txt") == terminal.read("before.txt"))
    }

    /// The accessible mode reads a password with the terminal's echo off, then restores it.
    @Test(.enabled(if: hasTmux)) func theAccessibleModeDoesNotEchoAPassword() throws {
        let terminal = try TmuxTerminal(fixture: "trip")
        defer { terminal.close() }
        try terminal.start("edit trip.types.yaml --accessible --focus passcode")
        _ = terminal.waitFor("Passcode")
        try terminal.send(["-l", "hunter2-secret"])
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!terminal.capture().contains("hunter2-secret"), "\(terminal.capture())")
        try terminal.send(["Enter"])
        let asked = terminal.waitFor("Save changes?")
        #expect(!asked.contains("hunter2-secret"), "\(asked)")
        try terminal.send(["y", "Enter"])
        #expect(terminal.waitForFile("status.txt") == "EXIT 0\n")
        #expect(terminal.values.contains("passcode: \"hunter2-secret\""), "the file's quotes are kept")
        #expect(terminal.waitForFile("after.txt") == terminal.read("before.txt"), "the terminal's echo is back on")
    }

    @Test(.enabled(if: hasTmux)) func aResizeReflowsTheScreen() throws {
        let terminal = try TmuxTerminal(fixture: "trip")
        defer { terminal.close() }
        try terminal.start("edit trip.types.yaml --focus passcode")
        _ = terminal.waitFor("› Passcode")
        try TmuxTerminal.tmux(["resize-window", "-t", terminal.session, "-x", "40", "-y", "12"], output: false)
        let small = terminal.waitFor("^S save")
        let lines = small.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains { $0.hasPrefix("› Passcode") } && lines.contains("field 7 of 7"), "\(small)")
        #expect(lines.allSatisfy { DisplayColumns.of(String($0)) <= 40 })
        try terminal.send(["Escape"])
        #expect(terminal.waitForFile("status.txt") == "EXIT 130\n")
    }

    @Test(.enabled(if: hasTmux)) func ctrlZSuspendsAndFgRepaints() throws {
        let terminal = try TmuxTerminal(fixture: "trip")
        defer { terminal.close() }
        try
            "stty -g > before.txt; \(EndToEndTests.binary.path) edit trip.types.yaml; echo EXIT $? > status.txt; stty -g > after.txt\n"
            .write(toFile: terminal.folder + "/run.sh", atomically: true, encoding: .utf8)
        try terminal.startShell()
        _ = terminal.waitFor("$")
        try terminal.send(["sh run.sh", "Enter"])
        _ = terminal.waitFor("› Name")
        try terminal.send(["Down", "C-z"])
        let suspended = terminal.waitFor("Stopped")
        #expect(suspended.contains("Stopped") && !suspended.contains("field 2 of 7"))
        try terminal.send(["fg", "Enter"])
        let resumed = terminal.waitFor("field 2 of 7")
        #expect(resumed.contains("› Travellers     2") && resumed.contains("field 2 of 7"))
        try terminal.send(["Escape"])
        #expect(terminal.waitForFile("status.txt") == "EXIT 130\n")
        #expect(terminal.waitForFile("after.txt") == terminal.read("before.txt"))
    }
}

/// A tmux session at 80x24 on the tests' own server, in a folder holding a fixture.
final class TmuxTerminal {
    let folder: String
    let session = "flow-\(UUID().uuidString.prefix(8))"
    let fixture: String
    let originalValues: String

    init(fixture: String) throws {
        self.fixture = fixture
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("modelform-tmux-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let source = PackagePaths.url("Tests/Golden/editor/fixtures").path
        for suffix in ["types", "forms", "values"] {
            let name = "\(fixture).\(suffix).yaml"
            if FileManager.default.fileExists(atPath: "\(source)/\(name)") {
                try FileManager.default.copyItem(atPath: "\(source)/\(name)", toPath: "\(folder)/\(name)")
            }
        }
        originalValues = try String(contentsOfFile: "\(folder)/\(fixture).values.yaml", encoding: .utf8)
    }

    var values: String { read("\(fixture).values.yaml") }

    func read(_ name: String) -> String { (try? String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8)) ?? "" }

    /// Runs `modelform ARGUMENTS` in a fresh session; the shell records the exit status and
    /// the terminal settings before and after.
    func start(_ arguments: String) throws {
        try launch(
            "cd \(folder) && stty -g > before.txt && \(EndToEndTests.binary.path) \(arguments); echo EXIT $? > status.txt; \(Self.settle); sleep 30"
        )
    }

    /// Records the settings after the run; a guardian restores them asynchronously after a
    /// SIGKILL, so they are read again (for up to five seconds) until they match.
    static let settle =
        "for i in $(seq 50); do stty -g > now.txt; cmp -s before.txt now.txt && break; sleep 0.1; done; mv now.txt after.txt"

    /// An interactive shell (with job control) in the folder.
    func startShell() throws {
        try launch("cd \(folder) && PS1='$ ' exec bash --norc --noprofile -i")
    }

    private func launch(_ command: String) throws {
        // The tmux server outlives this call and would keep every descriptor it inherits:
        // other tests' pipes among them, whose readers would then wait forever. Python's
        // `close_fds` starts it with standard input, output and error only.
        let starter = Process()
        starter.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        starter.arguments = [
            "python3", "-c",
            "import subprocess, sys; subprocess.run(sys.argv[1:], close_fds=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)",
            "/usr/bin/tmux", "-L", "modelform-tests", "new-session", "-d", "-s", session, "-x", "80", "-y", "24", "-e",
            "TERM=xterm-256color", command,
        ]
        starter.standardInput = FileHandle.nullDevice
        starter.standardOutput = FileHandle.nullDevice
        starter.standardError = FileHandle.nullDevice
        try starter.run()
        starter.waitUntilExit()
    }

    func send(_ keys: [String]) throws { try Self.tmux(["send-keys", "-t", session] + keys, output: false) }

    func capture() -> String { (try? Self.tmux(["capture-pane", "-p", "-t", session])) ?? "" }

    /// The screen once it shows `text` (or after five seconds).
    func waitFor(_ text: String) -> String {
        var screen = ""
        for _ in 0..<100 {
            screen = capture()
            if screen.contains(text) { return screen }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return screen
    }

    func waitForFile(_ name: String) -> String {
        for _ in 0..<100 {
            let text = read(name)
            if !text.isEmpty { return text }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return ""
    }

    /// Sends a signal to the editor (the `modelform edit` process under the pane's shell).
    func signal(_ name: String) throws {
        let pid = try Self.tmux(["list-panes", "-t", session, "-F", "#{pane_pid}"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        try Self.tmux(["run-shell", "pkill -\(name) -P \(pid) -f 'modelform edit'"], output: false)
    }

    func close() {
        _ = try? Self.tmux(["kill-session", "-t", session], output: false)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs a tmux command on the tests' own server. Its output is read only when asked for:
    /// the server that `new-session` forks would hold a pipe open forever.
    @discardableResult
    static func tmux(_ arguments: [String], output wanted: Bool = true) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = ["-L", "modelform-tests"] + arguments
        let output = Pipe()
        process.standardOutput = wanted ? output : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = wanted ? output.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
