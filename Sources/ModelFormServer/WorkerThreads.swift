import Foundation
import Synchronization

/// Threads of the server's own for CPU-bound work (binding, validation, a pattern's
/// match): each piece of work gets a thread, at most ``limit`` at once, the rest wait in
/// turn. Not Dispatch's global queue, whose few threads (one per core) a burst of costly
/// submissions, each waiting for its turn at the pattern gate, would hold while an
/// ordinary save queued behind them; nor Swift concurrency's cooperative pool, which
/// answers everyone's requests.
final class WorkerThreads: Sendable {
    /// The most threads working at once.
    let limit: Int
    private let state = Mutex(State())

    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    /// A pool of at most `limit` threads (64: a costly submission mostly waits for the
    /// pattern gate, asleep, and each thread's stack is reserved, not used).
    init(limit: Int = 64) { self.limit = max(1, limit) }

    /// Runs `work` on a thread of its own once one of the places is free.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await enter()
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.name = "modelform-worker"
            thread.start()
        }
        leave()
        return result
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
