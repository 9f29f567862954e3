import Foundation
import Synchronization

/// A regular expression (ICU's syntax, as `NSRegularExpression` reads it) matched against
/// untrusted text in bounded time: a backtracking pattern such as `^(a+)+$` takes time
/// exponential in the text, and a search whose every start scans the rest of the text is
/// quadratic, so every match stops once it has used ``timeBudget`` of its thread's CPU time
/// (read at ICU's progress reports: each starting position of a search, and about every ten
/// thousand steps) and says it was too costly instead of holding a thread for minutes. CPU
/// time, not wall time: a busy machine does not make a match too costly.
///
/// The matches of one validation (a document, a request) share a ``Budget`` of
/// ``documentBudget``, so a list of many costly items costs no more than one. A
/// backreference (`\1`, `\k<name>`) compares whole substrings in one engine step, which
/// ICU's reports do not see: a pattern with one reads the clock at every report and is
/// matched only against text of up to ``backreferenceTextLimit`` UTF-16 units.
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

    /// The CPU time all the matches of one validation may take together.
    public static let documentBudget: Duration = .seconds(1)

    /// The longest text (in UTF-16 units) a pattern with a backreference is matched against.
    public static let backreferenceTextLimit = 10_000

    /// CPU time that the matches of one validation share: once it is spent, every further
    /// match is too costly at once.
    ///
    /// ```swift
    /// let budget = BoundedRegex.Budget()
    /// for item in items { _ = regex.matches(item, whole: true, budget: budget) }
    /// ```
    public final class Budget: Sendable {
        private let remaining: Mutex<Duration>

        /// A budget of `total` CPU time (``documentBudget`` by default).
        public init(_ total: Duration = BoundedRegex.documentBudget) { remaining = Mutex(total) }

        /// The CPU time left.
        public var left: Duration { remaining.withLock { $0 } }

        func spend(_ used: Duration) { remaining.withLock { $0 -= used } }
    }

    /// The pattern as given.
    public let pattern: String
    // NSRegularExpression is immutable and safe to share between threads (its matching
    // methods are documented as thread-safe).
    private let search: NSRegularExpression
    private let whole: NSRegularExpression
    /// The pattern has a backreference (see the type's documentation).
    package let hasBackreference: Bool

    /// Compiles `pattern`; throws for one ICU cannot read.
    public init(_ pattern: String) throws {
        self.pattern = pattern
        search = try NSRegularExpression(pattern: pattern)
        whole = try NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z")
        hasBackreference = Self.hasBackreference(pattern)
    }

    /// Whether `text` matches: the whole text when `whole` is set, else anywhere in it
    /// (JSON Schema's `pattern`). With a `budget`, the match also stops when the budget is
    /// spent, and spends what it used.
    public func matches(_ text: String, whole wholeText: Bool, budget: Budget? = nil) -> Outcome {
        let allowed = budget.map { Swift.min(Self.timeBudget, $0.left) } ?? Self.timeBudget
        guard allowed > .zero else { return .tooCostly }
        if hasBackreference, text.utf16.count > Self.backreferenceTextLimit { return .tooCostly }
        let regex = wholeText ? whole : search
        var outcome = Outcome.noMatch
        var reports = 0
        // The clock is read every 64 reports (a search reports every starting position),
        // at every one for a backreference, whose steps may each compare the whole text.
        let mask = hasBackreference ? 0 : 63
        let range = NSRange(text.startIndex..., in: text)
        let start = Self.cpuTime()
        let deadline = start + allowed
        regex.enumerateMatches(in: text, options: [.reportProgress], range: range) { result, _, stop in
            if result != nil {
                outcome = .match
                stop.pointee = true
                return
            }
            reports += 1
            if reports & mask == 0, Self.cpuTime() > deadline {
                outcome = .tooCostly
                stop.pointee = true
            }
        }
        budget?.spend(Self.cpuTime() - start)
        return outcome
    }

    /// Whether `pattern` has a backreference: `\1`...`\9` or `\k<name>` (an escaped
    /// backslash is skipped; inside a class too, erring on the side of the limit).
    static func hasBackreference(_ pattern: String) -> Bool {
        var scalars = pattern.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\" else { continue }
            guard let next = scalars.next() else { return false }
            if ("1"..."9").contains(next) || next == "k" { return true }
        }
        return false
    }

    /// The CPU time the calling thread has used.
    static func cpuTime() -> Duration {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
    }
}
