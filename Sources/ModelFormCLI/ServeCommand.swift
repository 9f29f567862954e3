import ArgumentParser
import Foundation
import Hummingbird
import Logging
import ModelForm
import ModelFormHTML
import ModelFormHummingbird
import ModelFormRecords
import ModelFormSQLite
import ModelFormServer
import ModelFormTemplates
import ModelFormText
import NIOCore
import Synchronization

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract:
            "Serve the form in the browser over its values file, or its records in a SQLite or PostgreSQL database.",
        discussion: """
            Prints the address, then serves the form: GET draws it (related entities on pages of their own, with breadcrumbs), POST validates and saves into the values file atomically (303 with what changed), or draws it again with every error (422). Every POST needs the page's CSRF token; a save against a file changed since the page was drawn answers 409 and writes nothing. Ctrl-C stops it (exit 0).

            With --database FILE it serves the type's records in a SQLite file instead (created, with its table, if absent; a new optional field adds a column): an index at /, the list at /TYPE/ (search, sort by a column, pages of 50), /TYPE/new, each record's form at /TYPE/ID, and a delete that asks first. The types its lookups name (lookup: Department) are served from the same file, and a lookup is a choice among their records; so is every type no other type holds as a part (a subform, an item, an entry), and every other type the file has a table for. A table another program made (see import --database) is used as it is, never altered: its integer primary key is the id. With --database postgres://USER@HOST[:PORT]/DATABASE the records are in PostgreSQL (tables in the public schema, or ?schema=NAME; TLS when the server offers it, or ?sslmode=disable|require; the password from PGPASSWORD, or in the URL, which messages show as ***): several serve processes may share one database and MODELFORM_SECRET. A statement may run 5 s and wait 10 s for an answer; past that the page is 503 and nothing is changed.

            It listens on 127.0.0.1 (this machine only) unless --host says otherwise. The CSRF secret is random per run; set MODELFORM_SECRET to share one between instances.

            It answers only for IP addresses, localhost and the names given with --allowed-host (a page whose name was re-bound to this machine is refused with 400). Behind a proxy that terminates TLS or rewrites Host, give the address people use with --origin, and the proxy's address with --trusted-proxy so that its X-Forwarded-Proto and X-Forwarded-Host are believed. Connections idle (or half-sent) for 10 s are closed, a request's headers must arrive within 10 s and its body within 30 s, and at most 512 connections are held at once, 64 from one address: past that, the connection idle longest is closed for the new one.

            Examples:
              modelform serve
              modelform serve config/settings.types.yaml --port 9000 --theme dark
              modelform serve --origin https://forms.example.com --trusted-proxy 127.0.0.1
              modelform serve config/people.types.yaml --database people.sqlite
              PGPASSWORD=... modelform serve config/people.types.yaml --database postgres://forms@db.internal/forms
            """)

    @OptionGroup var project: ProjectOptions

    @Option(
        help: ArgumentHelp(
            "The address to listen on (127.0.0.1: this machine only; 0.0.0.0: every interface).", valueName: "address"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The port (0: any free one; the address printed says which).", valueName: "port"))
    var port = 8080

    @Option(
        name: .customLong("allowed-host"),
        help: ArgumentHelp(
            "A host name to answer for besides IP addresses and localhost (.example.com: it and its subdomains); repeat for more.",
            valueName: "name"))
    var allowedHosts: [String] = []

    @Option(
        help: ArgumentHelp(
            "The origin people use when it is not this address (behind a proxy): https://forms.example.com.",
            valueName: "url"))
    var origin: String?

    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "The address of a proxy whose X-Forwarded-Proto and X-Forwarded-Host are believed; repeat for more.",
            valueName: "address"))
    var trustedProxies: [String] = []

    @Option(
        help: ArgumentHelp(
            "A SQLite file (or a postgres:// URL) of the type's records to serve (a list, search, new, edit, delete) instead of a values file.",
            valueName: "file|url"))
    var database: String?

    /// The most connections held at once (under the usual limit of 1,024 open files).
    static let connectionLimit = 512
    /// How long a connection may stay idle, or take to send a request's headers.
    static let idleTimeout = TimeAmount.seconds(10)

    func validate() throws {
        if let database, RecordDatabase.isURL(database) {
            _ = try RecordDatabase(database, environment: .current)
        }
        if database != nil, project.data != nil {
            throw ValidationError("--database and --data name two places for the values: give one")
        }
        if let origin {
            let url = URLComponents(string: origin)
            guard origin.hasPrefix("http://") || origin.hasPrefix("https://"), url?.host?.isEmpty == false else {
                throw ValidationError("--origin needs a URL such as https://forms.example.com, not '\(origin)'")
            }
            // An origin is a scheme, a host and a port: a browser's Origin header never has
            // a path, so with one every save would be refused.
            guard (url?.path ?? "").trimmingCharacters(in: ["/"]).isEmpty, url?.query == nil, url?.fragment == nil,
                url?.user == nil
            else {
                throw ValidationError(
                    "--origin is an origin (https://forms.example.com), with no path, query or user: not '\(origin)'")
            }
        }
        for proxy in trustedProxies where !Self.isIPAddress(proxy) {
            // The peer's address is compared as it is: a range or a name would never match.
            throw ValidationError(
                "--trusted-proxy takes one IP address (127.0.0.1, ::1), not a range or a name: '\(proxy)'")
        }
    }

    /// Whether `text` is an IPv4 or IPv6 address as written.
    static func isIPAddress(_ text: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }

    /// Warnings and errors only, on standard error: the address line is the server's one
    /// line of output.
    static var logger: Logger {
        var logger = Logger(label: "modelform.serve")
        logger.logLevel = .warning
        return logger
    }

    func run() throws {
        let project = try Project(project)
        let environment = CLIEnvironment.current
        let secret = environment.variables["MODELFORM_SECRET"].map { Array($0.utf8) } ?? CSRFProtection.randomSecret()
        let title = project.configs[project.typeName]?.title ?? project.typeName
        let router = Router(context: PeerContext.self)
        if let database {
            var workspace = try RecordWorkspace(
                project: project, database: database, environment: environment, everyType: true, secret: secret)
            defer { workspace.close() }
            configure(&workspace.server.site, project: project, environment: environment)
            router.addRecords(workspace.server)
            try serve(router, what: "\(title) records (\(workspace.shown))", environment: environment)
            return
        }
        guard let dataPath = project.dataPath, dataPath != "-" else {
            throw CLIError(
                "error: serve needs --data FILE (the values file to serve) or --database FILE (a SQLite file)")
        }
        let store = ValuesFileStore(
            path: environment.path(dataPath), configs: project.configs, format: project.valuesFormat)
        var server = FormServer(
            configs: project.configs, typeName: project.typeName, environment: project.form.environment, store: store,
            secret: secret)
        configure(&server, project: project, environment: environment)
        router.addForm(server)
        try serve(router, what: "\(title) (\(dataPath))", environment: environment)
    }

    /// Every type a field's `lookup` names, in name order.
    static func lookupTargets(_ configs: ConfigDictionary) -> [String] {
        Set(configs.typeNames.flatMap { configs[$0]?.fields.compactMap(\.lookup) ?? [] }).sorted()
    }

    /// The types no other type holds as a subform, an item, an entry or an alternative (an
    /// entity of its own, not a part of one), lookups aside, in name order.
    static func standaloneTypes(_ configs: ConfigDictionary) -> [String] {
        var held = Set<String>()
        func visit(_ field: Field) {
            if let target = field.relationship?.target { held.insert(target) }
            if let template = field.template { visit(template) }
            field.alternatives.forEach(visit)
        }
        for typeName in configs.typeNames { configs[typeName]?.fields.forEach(visit) }
        let lookups = Set(lookupTargets(configs))
        return configs.typeNames.filter { !held.contains($0) && !lookups.contains($0) }.sorted()
    }

    /// The options' settings: hosts, origin, proxies, cookies, the error log and the chrome.
    private func configure(_ server: inout FormServer, project: Project, environment: CLIEnvironment) {
        server.allowedHosts = allowedHosts
        server.errorLog = { environment.complain("error: \($0)\n") }
        server.publicOrigin = origin
        server.trustedProxies = trustedProxies
        server.secureCookies = origin?.hasPrefix("https://") == true
        server.renderer = Renderers.html(templates: project.templates, theme: project.theme)
    }

    /// Serves `router` until Ctrl-C or SIGTERM, after printing where.
    private func serve(_ router: Router<PeerContext>, what: String, environment: CLIEnvironment) throws {
        let limit = ConnectionLimit(maximum: Self.connectionLimit)
        let app = Application(
            router: router,
            server: .http1(
                configuration: .init(additionalChannelHandlers: [limit.handler()], idleTimeout: Self.idleTimeout)),
            configuration: .init(address: .hostname(host, port: port), serverName: "modelform"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                environment.say(
                    "Serving \(what) at http://\(host.contains(":") ? "[\(host)]" : host):\(port)/ - Ctrl-C stops\n"
                )
            }, logger: Self.logger)
        let finished = DispatchSemaphore(value: 0)
        let failure = Mutex<(any Error)?>(nil)
        Task {
            do { try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint]) } catch {
                failure.withLock { $0 = error }
            }
            finished.signal()
        }
        finished.wait()
        if let error = failure.withLock({ $0 }) {
            throw CLIError("error: cannot serve on \(host):\(port): \(error)", status: CLIError.ioFailure)
        }
        environment.say("stopped\n")
    }
}

/// A request context that knows the peer's address (for ``FormServer/trustedProxies``).
struct PeerContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
