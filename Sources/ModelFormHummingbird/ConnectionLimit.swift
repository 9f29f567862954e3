import Hummingbird
import NIOCore
import Synchronization

/// A cap on the connections a server holds at once: each connection past it is closed as
/// soon as it is accepted, so idle or slow clients cannot use up the process's file
/// descriptors and starve everyone else. Pair it with an idle timeout, which closes
/// connections that send nothing (or half a request) for that long.
///
/// ```swift
/// let limit = ConnectionLimit(maximum: 512)
/// let app = Application(router: router, server: .http1(configuration: .init(
///     additionalChannelHandlers: [limit.handler()], idleTimeout: .seconds(10))))
/// ```
public final class ConnectionLimit: Sendable {
    /// The most connections held at once.
    public let maximum: Int
    private let open = Mutex(0)

    public init(maximum: Int) { self.maximum = maximum }

    /// The connections held now.
    public var count: Int { open.withLock { $0 } }

    /// A handler for one new connection's pipeline (Hummingbird's `additionalChannelHandlers`).
    public func handler() -> any RemovableChannelHandler { Handler(limit: self) }

    fileprivate func enter() -> Bool {
        open.withLock { count in
            guard count < maximum else { return false }
            count += 1
            return true
        }
    }

    fileprivate func leave() { open.withLock { $0 -= 1 } }

    /// Counts its connection while it is in the pipeline; closes it when the cap is reached.
    private final class Handler: ChannelDuplexHandler, RemovableChannelHandler {
        typealias InboundIn = NIOAny
        typealias OutboundIn = NIOAny
        let limit: ConnectionLimit
        var counted = false

        init(limit: ConnectionLimit) { self.limit = limit }

        func handlerAdded(context: ChannelHandlerContext) {
            counted = limit.enter()
            if !counted { context.close(promise: nil) }
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            if counted { limit.leave() }
            counted = false
        }
    }
}
