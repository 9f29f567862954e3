import Foundation

/// Golden files: rendered output compared with a file checked into the tests.
///
/// A missing golden is written and reported as a failure, so recording never passes
/// silently; set `RECORD_GOLDENS=1` to rewrite every golden (and fail) after a deliberate change.
public enum Golden {
    /// `nil` when `actual` equals the golden file, else a description of the difference.
    public static func compare(_ actual: String, to path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let record = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
        guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return "recorded a new golden file at \(path); check it and run again"
        }
        guard expected != actual else { return nil }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let e = index < expectedLines.count ? String(expectedLines[index]) : "<end of file>"
            let a = index < actualLines.count ? String(actualLines[index]) : "<end of file>"
            if e != a { return "\(path):\(index + 1): expected\n  \(e)\nbut got\n  \(a)" }
        }
        return "\(path): differs"
    }

    /// Where two texts first differ: the line number and a few lines of each around it, for
    /// a failure's message (empty when they are the same).
    public static func difference(_ a: String, _ b: String) -> String {
        let (x, y) = (a.split(separator: "\n"), b.split(separator: "\n"))
        guard
            let index = x.indices.first(where: { $0 >= y.count || x[$0] != y[$0] })
                ?? (x.count == y.count ? nil : x.count)
        else { return "" }
        let mine = x.dropFirst(max(0, index - 3)).prefix(8).joined(separator: "\n")
        let theirs = y.dropFirst(max(0, index - 3)).prefix(8).joined(separator: "\n")
        return "line \(index + 1): \(mine) ≠ \(theirs)"
    }
}
