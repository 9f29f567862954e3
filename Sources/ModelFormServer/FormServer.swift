import Foundation
import ModelForm
import ModelFormHTML
import ModelFormRecords

/// A managed form served over HTTP, whatever the web framework: a request in, a response
/// out. The root entity's form is at the mount path; every related entity has a page of its
/// own by path (`/address`, `/friends/2`: item 2, counting from 0) with breadcrumbs back.
/// `GET` draws a page; `POST` binds, validates and saves through the store (303 to the same
/// page, or to the parent from a related entity's page, with a message naming what
/// changed), or draws the page again from the user's input with every error (422).
///
/// Every unsafe request must carry the CSRF field of a page this server drew, come from the
/// same origin (`Origin`, `Sec-Fetch-Site`) and fit the body cap; otherwise 403 or 413,
/// and nothing is changed. A save against values changed since the page was drawn answers
/// 409 and writes nothing.
///
/// ```swift
/// let server = FormServer(
///     configs: configs, typeName: "Employee", store: store, secret: secret, mount: "/employee")
/// let response = await server.respond(to: FormRequest(method: "GET", path: "/employee"))
/// ```
public struct FormServer: Sendable {
    public var configs: ConfigDictionary
    public var typeName: String
    public var environment: FormEnvironment
    public var store: any FormStore
    public var csrf: CSRFProtection
    /// Where the form is mounted (`""` for the site's root; no trailing slash).
    public var mount: String
    /// The largest body accepted (413 above it).
    public var maxBodyBytes = 1 << 20
    /// Cookies get `Secure` (set it behind TLS).
    public var secureCookies = false
    /// The host names this server answers for besides IP addresses and `localhost` (Django's
    /// `ALLOWED_HOSTS`): `forms.example.com`, `.example.com` for it and every subdomain, `*`
    /// for any. A request for another name (a DNS rebinding attack's) is refused with 400.
    public var allowedHosts: [String] = []
    /// The origin browsers use (`https://forms.example.com`) when it is not the one the
    /// requests arrive at: behind a proxy that terminates TLS or rewrites `Host`. Unsafe
    /// requests must come from it; its host is allowed.
    public var publicOrigin: String?
    /// The addresses of proxies whose `X-Forwarded-Proto` and `X-Forwarded-Host` describe the
    /// origin (`127.0.0.1`); from any other peer those headers are ignored.
    public var trustedProxies: [String] = []
    /// The HTML renderer (cells, theme); its hidden fields, breadcrumbs and notice are set per page.
    public var renderer = HTMLRenderer()
    /// The pages' style sheets, hashed once (shared by the copies a records server makes).
    let styleSources = StyleSources()
    /// Custom actions go to the delegate once the values validate; without one they save.
    public var delegate: (any FormServerDelegate)?
    /// Where the details of a failure go (a 500: a store that cannot be read or written),
    /// for the operator: the page says only what failed and an incident number, never a
    /// path or an error's text.
    public var errorLog: (@Sendable (String) -> Void)?
    /// The path of the CSRF cookie (`nil`: the mount path): a ``RecordServer`` shares one
    /// cookie between its pages.
    package var cookiePath: String?
    /// Where the record a lookup has chosen is (a ``RecordServer``'s record page), by the
    /// lookup's type and the record's id; `nil`: lookups link nowhere.
    package var lookupLink: (@Sendable (_ typeName: String, _ id: Int64) -> String?)?
    /// What a ``RecordServer`` adds to the lookups it serves (Find boxes, new records that
    /// come back chosen); `nil`: nothing.
    var recordLookups: RecordLookups?
    /// Hidden fields every page of this request carries besides the server's own.
    var extraHiddenFields: [(name: String, value: String)] = []
    /// The notice of a page drawn without a save to report.
    var pageNotice: String?
    /// The trail above the form's own breadcrumbs (a ``RecordServer``'s index and list).
    package var outerBreadcrumbs: [(title: String, href: String)] = []
    /// The threads that bind and validate submissions, off the threads that answer requests.
    let workers = WorkerThreads()

    /// A server for the form's type, with its configs and environment; the values come
    /// from `store` (the form's own values are not served).
    ///
    /// ```swift
    /// let form = try Form(editing: Employee())
    /// let server = FormServer(form: form, store: store, secret: secret)
    /// ```
    public init<Model>(form: Form<Model>, store: any FormStore, secret: [UInt8], mount: String = "") {
        self.init(
            configs: form.configs, typeName: form.typeName, environment: form.environment, store: store, secret: secret,
            mount: mount)
    }

    /// A server for `typeName`'s form with these configs and environment.
    ///
    /// - Parameters:
    ///   - configs: The forms of every type the root reaches.
    ///   - typeName: The root type.
    ///   - environment: Cells, theme, transformers and checks.
    ///   - store: Loads and saves the values, with a version for conflicts.
    ///   - secret: The CSRF secret (32 bytes or more).
    ///   - mount: The URL path the form is served under (`""`: the site's root).
    public init(
        configs: ConfigDictionary, typeName: String, environment: FormEnvironment = FormEnvironment(),
        store: any FormStore,
        secret: [UInt8], mount: String = ""
    ) {
        self.configs = configs
        self.typeName = typeName
        self.environment = environment
        // Costly pattern matches take turns on one core, so ordinary saves keep the others.
        if environment.validator.patternGate == nil { self.environment.validator.patternGate = BoundedRegex.Gate() }
        self.store = store
        csrf = CSRFProtection(secret: secret)
        self.mount = mount.hasSuffix("/") ? String(mount.dropLast()) : mount
        renderer.theme = environment.theme
    }

    /// The response to a request.
    public func respond(to request: FormRequest) async -> FormResponse {
        if let refused = refusedHost(request) { return Self.plain(400, refused) }
        guard let page = route(request.path) else { return Self.unreachable }
        switch request.method {
        case "GET", "HEAD":
            var response = await show(page, request: request)
            if request.method == "HEAD" { response.body = [] }
            return response
        case "POST":
            return await submit(to: page, request: request)
        default:
            var response = Self.plain(405, "Method not allowed: this page takes GET and POST.")
            response.headers.append(("Allow", "GET, HEAD, POST"))
            return response
        }
    }

    /// The entity a URL path names: the root form at the mount path, else a to-one
    /// relationship or a model collection item reached from it. `nil`: no such page.
    func route(_ path: String) -> FormPath? {
        guard path == mount || path.hasPrefix(mount + "/") || mount.isEmpty && path.hasPrefix("/") else { return nil }
        let rest = path.dropFirst(mount.count).split(separator: "/", omittingEmptySubsequences: false).filter {
            !$0.isEmpty
        }
        // The core's URL codec: a segment of digits is a position, a key of digits is quoted.
        guard let entity = FormPath(urlSegments: rest.map { String($0).removingPercentEncoding ?? String($0) })
        else { return nil }
        guard !entity.isRoot else { return entity }
        guard let field = try? configs.field(at: entity, in: typeName),
            !configs.isInsideAlternative(entity, in: typeName)
        else { return nil }
        let isItem: Bool
        if case .index = entity.last { isItem = true } else { isItem = false }
        // A page is a record's: a to-one relationship's, or an item's of a to-many one.
        switch field.shape {
        case .record: return entity
        case .records: return isItem ? entity : nil
        // Drawn on the page of the record that holds them (a union's alternative too).
        case .items, .positions, .entries, .single, .alternatives: return nil
        }
    }

    /// The URL of an entity's page.
    func url(of entity: FormPath) -> String {
        var url = mount
        for segment in entity.urlSegments {
            url += "/" + URLPath.encodedSegment(segment)
        }
        return url.isEmpty ? "/" : url
    }

    /// The type of the entity at a page's path.
    func entityType(_ entity: FormPath) -> String {
        guard !entity.isRoot, let field = try? configs.field(at: entity, in: typeName) else { return typeName }
        switch field.shape {
        case .record(let target), .records(let target): return target
        case .items, .positions, .entries, .single, .alternatives: return typeName  // no page of their own (`route`)
        }
    }

    /// The page's own form: the entity's values from the stored ones (defaults when the
    /// relationship is empty).
    func pageForm(_ entity: FormPath, in stored: FormValue) -> Form<FormValue> {
        pageForm(entity, of: rootForm(stored))
    }

    /// The root entity's form over the stored values.
    func rootForm(_ stored: FormValue) -> Form<FormValue> {
        Form(values: stored, configs: configs, typeName: typeName, environment: environment)
    }

    /// The page's own form from the root's; every field read-only and no buttons for a
    /// read-only page.
    func pageForm(_ entity: FormPath, of root: Form<FormValue>, access: PageAccess = .editable) -> Form<FormValue> {
        if entity.isRoot { return root }
        let values = (try? root.child(at: entity).values) ?? .null
        let pageConfigs = access == .readOnly ? configs.readingOnly() : configs
        // The whole-model checks read the root's values: a save checks them on the whole.
        var subtree = environment
        subtree.validator = environment.validator.forSubtree
        return Form(values: values, configs: pageConfigs, typeName: entityType(entity), environment: subtree)
    }

    /// A 500 that names what failed and an incident number; the error itself goes to
    /// ``errorLog`` with the same number. A record deleted meanwhile is a 404, and a database
    /// that cannot be used now a 503 with `Retry-After`.
    func internalError(_ what: String, _ error: any Error) -> FormResponse {
        // A record deleted since (a RecordFormStore's): gone, not the server's fault.
        switch error as? RecordStoreError {
        case .conflict(nil)?: return Self.plain(404, "Not found: this record was deleted; nothing was saved.")
        case .referenced(let reason)?:
            errorLog?("\(what): \(reason)")
            return Self.plain(
                409,
                "\(what): a record it refers to was deleted meanwhile, or another record now refers to it. Nothing was changed; load the page again."
            )
        case .unavailable(let reason)?:
            // The database is away or busy: nothing was changed, and the same request may
            // work in a moment.
            errorLog?("\(what): \(reason)")
            var response = Self.plain(
                503, "\(what): the database is not available right now. Nothing was changed; try again in a moment.")
            response.headers.append(("Retry-After", "5"))
            return response
        default: break
        }
        let incident = String(UInt32.random(in: 0x1000_0000...UInt32.max), radix: 16)
        errorLog?("\(what) (incident \(incident)): \(error)")
        return Self.plain(500, "\(what). The server's log has the details (incident \(incident)).")
    }

    static func plain(_ status: Int, _ text: String) -> FormResponse {
        FormResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + securityHeaders(),
            body: Array((text + "\n").utf8))
    }

    /// Headers on every response: no script at all, no framing, no sniffing, no caching of
    /// pages that hold a CSRF token. Styles: only the page's own style sheet, allowed by its
    /// SHA-256 (`styleSource`, from ``StyleSources``; no `'unsafe-inline'`: an injected
    /// `<style>` or `style` attribute is not applied).
    static func securityHeaders(styleSource: String = "'none'") -> [(name: String, value: String)] {
        [
            (
                "Content-Security-Policy",
                "default-src 'none'; style-src \(styleSource); img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
            ),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "same-origin"),
            ("Cache-Control", "no-store"),
        ]
    }
}
