import Foundation

/// A regular expression (ICU's syntax, as `NSRegularExpression` reads it) matched against
/// untrusted text in bounded time: a backtracking pattern such as `^(a+)+$` takes time
/// exponential in the text, and a search whose every start scans the rest of the text is
/// quadratic, so every match stops once it has used ``timeBudget`` of its thread's CPU time
/// (read at ICU's progress reports: each starting position of a search, and about every ten
/// thousand steps) and says it was too costly instead of holding a thread for minutes. CPU
/// time, not wall time: a busy machine does not make a match too costly.
///
/// ```swift
/// let regex = try BoundedRegex("[a-z]+")
/// regex.matches("abc", whole: true)     // .match
/// regex.matches("ABC abc", whole: false) // .match: a search
/// ```
public struct BoundedRegex: @unchecked Sendable {
    /// The outcome of a match.
    public enum Outcome: Sendable, Equatable {
        case match, noMatch
        /// The match was stopped after ``timeBudget``.
        case tooCostly
    }

    /// The CPU time one match may take (some 25 million engine steps).
    public static let timeBudget: Duration = .milliseconds(250)

    /// The pattern as given.
    public let pattern: String
    // NSRegularExpression is immutable and safe to share between threads (its matching
    // methods are documented as thread-safe).
    private let search: NSRegularExpression
    private let whole: NSRegularExpression

    /// Compiles `pattern`; throws for one ICU cannot read.
    public init(_ pattern: String) throws {
        self.pattern = pattern
        search = try NSRegularExpression(pattern: pattern)
        whole = try NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z")
    }

    /// Whether `text` matches: the whole text when `whole` is set, else anywhere in it
    /// (JSON Schema's `pattern`).
    public func matches(_ text: String, whole wholeText: Bool) -> Outcome {
        let regex = wholeText ? whole : search
        var outcome = Outcome.noMatch
        var reports = 0
        let range = NSRange(text.startIndex..., in: text)
        let deadline = Self.cpuTime() + Self.timeBudget
        regex.enumerateMatches(in: text, options: [.reportProgress], range: range) { result, _, stop in
            if result != nil {
                outcome = .match
                stop.pointee = true
                return
            }
            reports += 1
            // The clock is read every 64 reports: a search reports every starting position.
            if reports & 63 == 0, Self.cpuTime() > deadline {
                outcome = .tooCostly
                stop.pointee = true
            }
        }
        return outcome
    }

    /// The CPU time the calling thread has used.
    static func cpuTime() -> Duration {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
    }
}
