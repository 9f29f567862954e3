import Foundation
import GRDB

/// How a connection waits for another's write lock (another process's): it tries again
/// every 0.1 ms for the first 2 ms, then every millisecond, until about 5 s have passed.
/// SQLite's own wait (`sqlite3_busy_timeout`) sleeps 1, 2, 5, 10... then 100 ms between
/// tries, so a process that began to wait could sleep through many other processes' commits:
/// with three `serve` processes on one file, a save's p99 was 387 ms to 2 s (45 ms so).
enum SQLiteBusyWait {
    /// The tries at the short pause, and the pauses.
    static let shortTries = 20
    static let shortPause: useconds_t = 100
    static let pause: useconds_t = 1000

    /// The callback for a connection that waits at most `limit` seconds.
    static func callback(limit: TimeInterval) -> Database.BusyCallback {
        let tries = Self.tries(within: limit)
        return { count in
            guard count < tries else { return false }
            usleep(count < shortTries ? shortPause : pause)
            return true
        }
    }

    /// How many tries fit in `limit` seconds of pauses.
    static func tries(within limit: TimeInterval) -> Int {
        let short = Double(shortTries) * Double(shortPause) / 1e6
        guard limit > short else { return Int(limit / (Double(shortPause) / 1e6)) }
        return shortTries + Int((limit - short) / (Double(pause) / 1e6))
    }
}
