import Hummingbird
import NIOCore
import NIOHTTPTypes
import Synchronization

/// A cap on the connections a server holds at once, that idle and slow clients cannot use to
/// starve the others:
///
/// - At the cap, a new connection closes the connection that has been idle longest (no
///   request under way: connected without a complete request head, or between requests),
///   if that one has been idle for at least ``grace``; otherwise the new one is refused.
/// - One peer (IP address) holds at most ``maximumPerPeer``: past it, the peer's own idle
///   connection closes, never another peer's.
/// - A request head must arrive within ``headTimeout`` of the connection or of the last
///   response, however slowly its bytes trickle in (an idle timeout alone is reset by each).
///
/// ```swift
/// let limit = ConnectionLimit(maximum: 512)
/// let app = Application(
///     router: router,
///     server: .http1(
///         configuration: .init(additionalChannelHandlers: [limit.handler()], idleTimeout: .seconds(10))))
/// ```
public final class ConnectionLimit: Sendable {
    /// The most connections held at once.
    public let maximum: Int
    /// The most connections one peer holds at once.
    public let maximumPerPeer: Int
    /// How long a connection may take to send a complete request head.
    public let headTimeout: TimeAmount
    /// How long a new or idle connection is safe from being closed for another: long
    /// enough to send its request, too short for a crowd of idle sockets to hold on.
    public let grace: TimeAmount
    private let state = Mutex(State())

    /// A cap of `maximum` connections, `maximumPerPeer` of them from one address (an eighth
    /// of the cap by default), each given `headTimeout` to send a request head and `grace`
    /// before another may take its place.
    public init(
        maximum: Int, maximumPerPeer: Int? = nil, headTimeout: TimeAmount = .seconds(10),
        grace: TimeAmount = .milliseconds(500)
    ) {
        self.maximum = maximum
        self.maximumPerPeer = maximumPerPeer ?? Swift.max(1, maximum / 8)
        self.headTimeout = headTimeout
        self.grace = grace
    }

    /// The connections held now.
    public var count: Int { state.withLock { $0.connections.count } }

    /// A handler for one new connection's pipeline (Hummingbird's `additionalChannelHandlers`).
    public func handler() -> any RemovableChannelHandler { Handler(limit: self) }

    /// The connections held, each with its peer and whether it is serving a request.
    struct State {
        struct Connection {
            let channel: any Channel
            let peer: String
            var serving = false
            var idleSince: NIODeadline
        }
        var connections: [ObjectIdentifier: Connection] = [:]

        /// The connection idle longest among those `matching`, if it has been idle for at
        /// least `grace`: a connection just made has that long to send its request.
        func longestIdle(grace: TimeAmount, where matching: (Connection) -> Bool) -> ObjectIdentifier? {
            let settled = NIODeadline.now() - grace
            return connections.filter { !$0.value.serving && $0.value.idleSince <= settled && matching($0.value) }
                .min { $0.value.idleSince < $1.value.idleSince }?.key
        }
    }

    /// Admits a connection, closing an idle one to make room; `false`: refused.
    fileprivate func enter(_ id: ObjectIdentifier, channel: any Channel) -> Bool {
        let peer = channel.remoteAddress?.ipAddress ?? ""
        let evicted: (any Channel)? = state.withLock { state in
            var evicted: (any Channel)?
            if state.connections.values.count(where: { $0.peer == peer }) >= maximumPerPeer {
                guard let oldest = state.longestIdle(grace: grace, where: { $0.peer == peer }) else { return nil }
                evicted = state.connections.removeValue(forKey: oldest)?.channel
            } else if state.connections.count >= maximum {
                guard let oldest = state.longestIdle(grace: grace, where: { _ in true }) else { return nil }
                evicted = state.connections.removeValue(forKey: oldest)?.channel
            }
            state.connections[id] = State.Connection(channel: channel, peer: peer, idleSince: .now())
            return evicted ?? channel
        }
        guard let evicted else { return false }
        if evicted !== channel { evicted.close(promise: nil) }
        return true
    }

    fileprivate func serving(_ id: ObjectIdentifier, _ serving: Bool) {
        state.withLock { state in
            state.connections[id]?.serving = serving
            if !serving { state.connections[id]?.idleSince = .now() }
        }
    }

    fileprivate func isServing(_ id: ObjectIdentifier) -> Bool {
        state.withLock { $0.connections[id]?.serving ?? false }
    }

    fileprivate func leave(_ id: ObjectIdentifier) { _ = state.withLock { $0.connections.removeValue(forKey: id) } }

    /// Counts its connection while it is in the pipeline, marks it serving from a request's
    /// head to its response's end, and closes it when no head arrives in time.
    private final class Handler: ChannelDuplexHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPRequestPart
        typealias InboundOut = HTTPRequestPart
        typealias OutboundIn = HTTPResponsePart
        typealias OutboundOut = HTTPResponsePart
        let limit: ConnectionLimit
        var counted = false
        var deadline: Scheduled<Void>?

        init(limit: ConnectionLimit) { self.limit = limit }

        var id: ObjectIdentifier { ObjectIdentifier(self) }

        func handlerAdded(context: ChannelHandlerContext) {
            counted = limit.enter(id, channel: context.channel)
            if counted { awaitHead(context) } else { context.close(promise: nil) }
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            deadline?.cancel()
            if counted { limit.leave(id) }
            counted = false
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if case .head = unwrapInboundIn(data) {
                deadline?.cancel()
                limit.serving(id, true)
            }
            context.fireChannelRead(data)
        }

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            if case .end = unwrapOutboundIn(data) {
                limit.serving(id, false)
                awaitHead(context)
            }
            context.write(data, promise: promise)
        }

        /// Closes the connection unless a request head arrives within the limit's time.
        private func awaitHead(_ context: ChannelHandlerContext) {
            deadline?.cancel()
            let channel = context.channel
            let limit = self.limit
            let id = self.id
            deadline = context.eventLoop.scheduleTask(in: limit.headTimeout) {
                if !limit.isServing(id) { channel.close(promise: nil) }
            }
        }
    }
}
