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
/// matched only against text of up to ``backreferenceTextLimit`` UTF-16 units. When ICU
/// gives up on its own (its backtracking stack is full: `^(?:a|b)*$` against megabytes), the
/// match is too costly, not a "no".
///
/// ```swift
/// let regex = try BoundedRegex("[a-z]+")
/// let whole = regex.matches("abc", whole: true)  // .match
/// let search = regex.matches("ABC abc", whole: false)  // .match: a search
/// ```
package struct BoundedRegex: @unchecked Sendable {
    /// The outcome of a match.
    package enum Outcome: Sendable, Equatable {
        case match, noMatch
        /// The match was stopped after ``timeBudget`` (or its ``Budget`` was spent).
        case tooCostly
        /// The match turned out costly and its ``Gate`` had no place free in time: it was
        /// not finished, and may pass when tried again.
        case busy
    }

    /// The CPU time one match may take (some 25 million engine steps).
    package static let timeBudget: Duration = .milliseconds(250)

    /// The CPU time all the matches of one validation may take together.
    package static let documentBudget: Duration = .seconds(1)

    /// The longest text (in UTF-16 units) a pattern with a backreference is matched against.
    package static let backreferenceTextLimit = 10_000

    /// CPU time that the matches of one validation share: once it is spent, every further
    /// match is too costly at once.
    ///
    /// ```swift
    /// let budget = BoundedRegex.Budget()
    /// for item in items { _ = regex.matches(item, whole: true, budget: budget) }
    /// ```
    package final class Budget: Sendable {
        private let remaining: Mutex<Duration>
        /// The gate a match that turns out costly must pass, if any.
        let gate: Gate?

        /// A budget of `total` CPU time (``documentBudget`` by default); with a `gate`, a
        /// match that runs past the gate's ``Gate/cheapTime`` needs one of its places.
        package init(_ total: Duration = BoundedRegex.documentBudget, gate: Gate? = nil) {
            remaining = Mutex(total)
            self.gate = gate
        }

        /// The CPU time left.
        package var left: Duration { remaining.withLock { $0 } }

        func spend(_ used: Duration) { remaining.withLock { $0 -= used } }
    }

    /// Places for costly matches, shared by the validations of a server: a match that has
    /// used ``cheapTime`` of CPU (an ordinary one never does) waits for a place, at most
    /// ``wait``, and is ``Outcome/busy`` when none frees up. So however many costly values arrive
    /// at once, at most ``width`` of them use a core, and ordinary requests keep the rest.
    ///
    /// ```swift
    /// var environment = FormEnvironment()
    /// environment.validator.patternGate = BoundedRegex.Gate(width: 1)
    /// ```
    package final class Gate: Sendable {
        /// How many costly matches may run at once.
        package let width: Int
        /// The CPU time a match may use before it needs a place.
        package let cheapTime: Duration
        /// How long a costly match waits for a place before it is refused.
        package let wait: Duration
        /// The places held now, and the most held at once so far.
        private let places = Mutex((held: 0, peak: 0))

        /// The most places held at once so far (for tests and figures).
        package var peak: Int { places.withLock { $0.peak } }

        /// A gate of `width` places (one by default: a core of a two-core machine stays free
        /// for ordinary requests).
        package init(width: Int = 1, cheapTime: Duration = .milliseconds(10), wait: Duration = .milliseconds(50)) {
            self.width = Swift.max(1, width)
            self.cheapTime = cheapTime
            self.wait = wait
        }

        /// Takes a place, polling until ``wait`` has passed; `false`: none freed up.
        func enter() -> Bool {
            let deadline = ContinuousClock.now + wait
            while true {
                let taken = places.withLock { places in
                    guard places.held < width else { return false }
                    places.held += 1
                    places.peak = Swift.max(places.peak, places.held)
                    return true
                }
                if taken { return true }
                guard ContinuousClock.now < deadline else { return false }
                usleep(1_000)
            }
        }

        func leave() { places.withLock { $0.held -= 1 } }
    }

    /// The pattern as given.
    package let pattern: String
    // NSRegularExpression is immutable and safe to share between threads (its matching
    // methods are documented as thread-safe).
    private let search: NSRegularExpression
    private let whole: NSRegularExpression
    /// The pattern has a backreference (see the type's documentation).
    package let hasBackreference: Bool

    /// Compiles `pattern`; throws for one ICU cannot read.
    package init(_ pattern: String) throws {
        self.pattern = pattern
        search = try NSRegularExpression(pattern: pattern)
        whole = try NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z")
        hasBackreference = Self.hasBackreference(pattern)
    }

    /// Whether `text` matches: the whole text when `whole` is set, else anywhere in it
    /// (JSON Schema's `pattern`). With a `budget`, the match also stops when the budget is
    /// spent, and spends what it used.
    package func matches(_ text: String, whole wholeText: Bool, budget: Budget? = nil) -> Outcome {
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
        let gate = budget?.gate
        var placed = false
        regex.enumerateMatches(in: text, options: [.reportProgress, .reportCompletion], range: range) {
            result, flags, stop in
            if result != nil {
                outcome = .match
                stop.pointee = true
                return
            }
            // ICU gave up (its backtracking stack is full): not a "no", a value too costly.
            if flags.contains(.internalError) {
                outcome = .tooCostly
                stop.pointee = true
                return
            }
            reports += 1
            guard reports & mask == 0 else { return }
            let now = Self.cpuTime()
            if now > deadline {
                outcome = .tooCostly
                stop.pointee = true
            } else if let gate, !placed, now - start > gate.cheapTime {
                // A costly match: it goes on only with a place (waiting uses no CPU time).
                placed = gate.enter()
                if !placed {
                    outcome = .busy
                    stop.pointee = true
                }
            }
        }
        if placed { gate?.leave() }
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
