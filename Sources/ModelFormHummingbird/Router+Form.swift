import Hummingbird
import ModelForm
import ModelFormServer

extension Router {
    /// Mounts a managed form: `GET` and `POST` on its path and on every related entity's
    /// page below it. The requests go to a ``/ModelFormServer/FormServer`` (CSRF, validation, saving through
    /// its store, 303 / 409 / 422 and the other statuses).
    ///
    /// ```swift
    /// let router = Router()
    /// try router.addForm(Employee.self, at: "/employee", store: EmployeeTable())
    /// let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 8080)))
    /// try await app.runService()
    /// ```
    @discardableResult
    public func addForm<Store: ModelStore>(
        _ type: Store.Model.Type, at path: String, sample: Store.Model? = nil, store: Store, secret: [UInt8]? = nil,
        environment: FormEnvironment = FormEnvironment()
    ) throws -> Self {
        addForm(
            try FormServer(type, sample: sample, store: store, secret: secret, mount: path, environment: environment))
    }

    /// Mounts a ``/ModelFormServer/FormServer`` at its mount path.
    @discardableResult
    public func addForm(_ server: FormServer) -> Self {
        let mount = server.mount.isEmpty ? "/" : server.mount
        // Every method reaches the server, which answers 405 (with `Allow`) to all but GET,
        // HEAD and POST; a method the router did not know would be 404.
        for method in [HTTPRequest.Method.get, .head, .post, .put, .delete, .patch, .options, .trace, .connect] {
            on(RouterPath(mount), method: method) { request, context in
                try await FormResponder(Self.logging(server, to: context)).respond(request, from: Self.peer(context))
            }
            on(RouterPath(mount == "/" ? "/**" : mount + "/**"), method: method) { request, context in
                try await FormResponder(Self.logging(server, to: context)).respond(request, from: Self.peer(context))
            }
        }
        return self
    }

    /// Mounts a ``/ModelFormServer/RecordServer`` at its mount path: its index, each type's
    /// change list, new record, record and delete pages.
    ///
    /// ```swift
    /// let configs = try ConfigDictionary(describing: Employee.self)
    /// let employees = try SQLiteRecordStore(path: path, typeName: "Employee", configs: configs)
    /// let records = RecordServer(
    ///     configs: configs, tables: [RecordServer.Table(typeName: "Employee", records: employees)],
    ///     secret: secret, mount: "/admin")
    /// let router = Router().addRecords(records)
    /// ```
    @discardableResult
    public func addRecords(_ server: RecordServer) -> Self {
        let mount = server.mount.isEmpty ? "/" : server.mount
        for method in [HTTPRequest.Method.get, .head, .post, .put, .delete, .patch, .options, .trace, .connect] {
            for path in [mount, mount == "/" ? "/**" : mount + "/**"] {
                on(RouterPath(path), method: method) { request, context in
                    var logged = server
                    if logged.site.errorLog == nil {
                        let logger = context.logger
                        logged.site.errorLog = { message in logger.error("\(message)") }
                    }
                    return try await FormResponder(logged).respond(request, from: Self.peer(context))
                }
            }
        }
        return self
    }

    /// The server, its failures (a store that cannot load or save: the page shows an
    /// incident number) logged to the request's logger unless it has an `errorLog` of its own.
    static func logging(_ server: FormServer, to context: Context) -> FormServer {
        guard server.errorLog == nil else { return server }
        var logged = server
        let logger = context.logger
        logged.errorLog = { message in logger.error("\(message)") }
        return logged
    }

    /// The peer's IP address, when the request context knows it (``RemoteAddressRequestContext``):
    /// what ``FormServer/trustedProxies`` is compared with.
    static func peer(_ context: Context) -> String? {
        (context as? any RemoteAddressRequestContext)?.remoteAddress?.ipAddress
    }
}

/// Hummingbird's request in, the server's response out.
struct FormResponder: Sendable {
    /// The largest body read (413 past it).
    let maxBodyBytes: Int
    /// The server's answer to a request.
    let answer: @Sendable (FormRequest) async -> FormResponse

    init(_ server: FormServer) {
        maxBodyBytes = server.maxBodyBytes
        answer = server.respond(to:)
    }

    init(_ server: RecordServer) {
        maxBodyBytes = server.site.maxBodyBytes
        answer = server.respond(to:)
    }

    /// How long a request's body may take to arrive (a client that sends it a byte at a time
    /// gets 408 and the connection closes).
    static let bodyTimeout: Duration = .seconds(30)

    func respond(_ request: Request, from peer: String?) async throws -> Response {
        let limit = maxBodyBytes
        var body = ByteBuffer()
        do {
            if Self.hasBody(request.headers) { body = try await Self.collect(request.body, upTo: limit + 1) }
        } catch is BodyTimeout {
            return Self.plain(.requestTimeout, "The form took longer than \(Self.bodyTimeout) to arrive.", close: true)
        } catch {
            return Self.plain(.contentTooLarge, "The form is larger than this server accepts (\(limit) bytes).")
        }
        // HTTP/1.1's Host header arrives as the request's authority.
        let headers =
            request.headers.map { (name: $0.name.rawName, value: $0.value) }
            + (request.head.authority.map { [(name: "Host", value: $0)] } ?? [])
        let answer = await answer(
            FormRequest(
                method: request.method.rawValue, path: request.uri.path, query: request.uri.query ?? "",
                headers: headers,
                body: Array(body.readableBytesView), remoteAddress: peer))
        var fields = HTTPFields()
        for header in answer.headers {
            // HTTPField itself is not exported by Hummingbird; it is HTTPFields' element.
            if let name = HTTPFields.Element.Name(header.name) {
                fields.append(HTTPFields.Element(name: name, value: header.value))
            }
        }
        return Response(
            status: .init(code: answer.status), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: answer.body))
        )
    }

    struct BodyTimeout: Error {}

    /// Whether a request has a body to wait for: HTTP/1.1 sends one only with a
    /// `Content-Length` other than 0 or a `Transfer-Encoding` (RFC 9112, 6.3). Without
    /// one, no body is collected (two tasks and a timer: 0.03 M instructions of a `GET`).
    static func hasBody(_ headers: HTTPFields) -> Bool {
        headers[.transferEncoding] != nil || headers[values: .contentLength].contains { $0 != "0" }
    }

    /// The body, up to `limit` bytes, within ``bodyTimeout``.
    static func collect(_ body: RequestBody, upTo limit: Int) async throws -> ByteBuffer {
        try await withThrowingTaskGroup(of: ByteBuffer.self) { group in
            group.addTask { try await body.collect(upTo: limit) }
            group.addTask {
                try await Task.sleep(for: bodyTimeout)
                throw BodyTimeout()
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw BodyTimeout() }
            return first
        }
    }

    static func plain(_ status: HTTPResponse.Status, _ text: String, close: Bool = false) -> Response {
        var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8"]
        if close { headers[.connection] = "close" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
    }
}
