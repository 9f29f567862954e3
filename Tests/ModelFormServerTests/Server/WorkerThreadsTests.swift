import Foundation
import Synchronization
import Testing

@testable import ModelFormServer

/// The server's threads for CPU-bound work: kept for the next piece of work, ended after
/// waiting long enough for none, never more at once than the limit.
///
/// The time limit (here and in the other suites that have one) only guards against a hang:
/// it also counts the test's wait for the shared test threads, which the tests running
/// beside it held for over a minute on a two-core CI machine.
@Suite(.timeLimit(.minutes(10)))
struct WorkerThreadsTests {
    /// One piece after another: one thread does them all.
    @Test func aThreadIsKeptForTheNextPiece() async {
        let workers = WorkerThreads()
        var results: [Int] = []
        for index in 0..<50 {
            results.append(await workers.run { index * 2 })
        }
        #expect(results == (0..<50).map { $0 * 2 })
        #expect(workers.threadCount == 1)
    }

    @Test func aThreadWithoutWorkEnds() async throws {
        let workers = WorkerThreads(idleTime: .milliseconds(20))
        _ = await workers.run { 1 }
        for _ in 0..<200 where workers.threadCount > 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(workers.threadCount == 0)
        #expect(await workers.run { 2 } == 2, "a thread is started again")
    }

    /// Pieces at once run at once, up to the limit; past it they wait their turn.
    @Test(arguments: [3, 64])
    func atMostTheLimitAtOnce(limit: Int) async {
        let workers = WorkerThreads(limit: limit, idleTime: .milliseconds(200))
        let gauge = Gauge()
        let sum = await withTaskGroup(of: Int.self) { group in
            for index in 0..<24 {
                group.addTask {
                    await workers.run {
                        gauge.state.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                        }
                        usleep(20_000)
                        gauge.state.withLock { $0.now -= 1 }
                        return index
                    }
                }
            }
            return await group.reduce(0, +)
        }
        #expect(sum == (0..<24).reduce(0, +))
        let most = gauge.state.withLock { $0.most }
        #expect(most <= limit)
        #expect(most > 1, "pieces ran at once")
        #expect(workers.threadCount <= limit)
    }

    /// How many pieces run now, and the most that ran at once.
    final class Gauge: Sendable {
        let state = Mutex((now: 0, most: 0))
    }
}
