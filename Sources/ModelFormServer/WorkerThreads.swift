import Dispatch
import Foundation
import Synchronization

/// Threads of the server's own for CPU-bound work (binding, validation, a pattern's
/// match): each piece of work gets a thread, at most ``limit`` at once, the rest wait in
/// turn. Not Dispatch's global queue, whose few threads (one per core) a burst of costly
/// submissions, each waiting for its turn at the pattern gate, would hold while an
/// ordinary save queued behind them; nor Swift concurrency's cooperative pool, which
/// answers everyone's requests.
///
/// A thread that finishes waits up to ``idleTime`` for the next piece of work before it
/// ends, so that a busy server does not make a thread per piece (a thread's start and end
/// were 4% of a writing save's time).
final class WorkerThreads: Sendable {
    /// The most threads working at once.
    let limit: Int
    /// How long a thread without work waits for some before it ends.
    let idleTime: Duration
    /// ``idleTime`` as Dispatch counts it.
    private let idleWait: DispatchTimeInterval
    private let state = Mutex(State())
    /// Signalled once for each piece of work handed to a waiting thread.
    private let wake = DispatchSemaphore(value: 0)

    private typealias Work = @Sendable () -> Void

    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
        /// Work handed to the waiting threads, first first.
        var handed: [Work] = []
        /// Threads waiting for work that no piece of work has been handed to yet.
        var idle = 0
        /// Threads alive (working or waiting).
        var threads = 0
    }

    /// A pool of at most `limit` threads (64: a costly submission mostly waits for the
    /// pattern gate, asleep, and each thread's stack is reserved, not used).
    init(limit: Int = 64, idleTime: Duration = .seconds(10)) {
        self.limit = max(1, limit)
        self.idleTime = idleTime
        let (seconds, attoseconds) = idleTime.components
        idleWait = .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }

    /// Runs `work` on a thread of the pool once one of the places is free.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await enter()
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            start { [self] in
                let result = work()
                // Waiting before the caller goes on, so that its next piece finds this thread.
                state.withLock { $0.idle += 1 }
                continuation.resume(returning: result)
            }
        }
        leave()
        return result
    }

    /// The threads alive now, working or waiting (for tests).
    var threadCount: Int { state.withLock { $0.threads } }

    /// Hands `work` to a waiting thread, or starts one.
    private func start(_ work: @escaping Work) {
        let handed = state.withLock { state -> Bool in
            guard state.idle > 0 else {
                state.threads += 1
                return false
            }
            state.idle -= 1
            state.handed.append(work)
            return true
        }
        if handed {
            wake.signal()
            return
        }
        let thread = Thread { [self] in serve(work) }
        thread.name = "modelform-worker"
        thread.start()
    }

    /// A thread's life: its first piece of work, then each one handed to it, until it has
    /// waited ``idleTime`` for none. (Each piece counts the thread idle as it finishes.)
    private func serve(_ first: @escaping Work) {
        var work: Work? = first
        while let current = work {
            current()
            work = nextWork()
        }
    }

    /// The next piece of work handed to this thread, or `nil` when it waited ``idleTime``
    /// for none (the thread then ends). A wake whose work another thread took first (one
    /// that had stopped waiting as it was handed) leaves this thread waiting, still idle.
    private func nextWork() -> Work? {
        while true {
            let timedOut = wake.wait(timeout: .now() + idleWait) == .timedOut
            let outcome = state.withLock { state -> (work: Work?, ends: Bool) in
                if !state.handed.isEmpty { return (state.handed.removeFirst(), false) }
                guard timedOut else { return (nil, false) }
                state.idle -= 1
                state.threads -= 1
                return (nil, true)
            }
            if let work = outcome.work { return work }
            if outcome.ends { return nil }
        }
    }

    private func enter() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = state.withLock { state in
                guard state.running < limit else {
                    state.waiting.append(continuation)
                    return false
                }
                state.running += 1
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    /// Frees a place: the longest-waiting work takes it.
    private func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
