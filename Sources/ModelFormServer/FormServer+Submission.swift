import Foundation
import ModelForm
import ModelFormHTML
import ModelFormYAML

extension FormServer {
    /// `POST`: checks (size, origin, CSRF, version), then binds the page's form and does what
    /// its button asked. A refused request changes nothing.
    func submit(to entity: FormPath, request: FormRequest) async -> FormResponse {
        let pairs: [(name: String, value: String)]
        switch acceptedPairs(request) {
        case .success(let accepted): pairs = Self.findingFirst(accepted)
        case .failure(let refusal): return refusal.response
        }
        let stored: StoredValues
        do { stored = try await store.load() } catch {
            return internalError("The form's values cannot be read", error)
        }
        let shown = pairs.first { $0.name == Self.versionField }?.value ?? ""
        let requested = FormAction.requested(in: pairs)
        if shown != stored.version, requested != .cancel {
            // An item's page looks for its item first: it may have moved or gone.
            return staleSave(entity, pairs: pairs, current: stored, visitor: Visitor(request))
        }
        guard exists(entity, in: stored.values) else { return Self.plain(404, "Not found: there is no such item.") }
        // What the page drew decides what a POST may do, whatever the URL names.
        let root = rootForm(stored.values)
        switch access(to: entity, from: root) {
        case nil: return Self.unreachable
        case .readOnly?: return Self.readOnlyRefusal
        case .editable?: break
        }
        let visitor = Visitor(request)
        var form = pageForm(entity, of: root)
        let kept = applyingChoices(keepingSecrets(pairs, form: form), stored: form)
        // Cancel changes nothing, whatever the version.
        if requested == .cancel { return redirect(to: parent(of: entity), saved: nil) }
        let confirmed = kept.contains { $0.name == "_confirm" && $0.value == "yes" }
        if case .remove(let item)? = requested, !confirmed {
            return confirmRemoval(
                item, form: form, entity: entity, pairs: kept, stored: stored, visitor: visitor)
        }
        if requested == .custom(Self.clearAction) {
            return await clear(entity, form: form, stored: stored, pairs: kept, confirmed: confirmed, visitor: visitor)
        }
        let bound = await workers.run { [form] in
            var form = form
            let outcome = Result { () throws(FormError) -> FormAction? in try form.apply(pairs: kept) }
            return (form, outcome)
        }
        form = bound.0
        let action: FormAction?
        do { action = try bound.1.get() } catch {
            // A name the page did not draw as an input (a hidden field, a relationship's field
            // on a page of its own, a field the form leaves out) is not a person's mistake.
            if let refused = Self.notOnThePage(error) { return Self.plain(400, "Refused: \(refused)") }
            return page(form, entity: entity, stored: stored, visitor: visitor, status: 422)
        }
        return await perform(
            action, form: form, root: root, entity: entity, stored: stored, pairs: kept, visitor: visitor)
    }

    /// A refused request's answer.
    struct Refusal: Error {
        var response: FormResponse
    }

    /// The body's pairs, once the request passes the checks that need no values: its size
    /// (413), its origin (403), its content type (415) and its CSRF token (403).
    func acceptedPairs(_ request: FormRequest) -> Result<[(name: String, value: String)], Refusal> {
        let tooLarge = Refusal(
            response: Self.plain(413, "The form is larger than this server accepts (\(maxBodyBytes) bytes)."))
        if let length = request.header("Content-Length").flatMap(Int.init), length > maxBodyBytes {
            return .failure(tooLarge)
        }
        guard request.body.count <= maxBodyBytes else { return .failure(tooLarge) }
        guard isSameOrigin(request) else {
            return .failure(Refusal(response: Self.plain(403, "Refused: the form was sent from another site.")))
        }
        guard let pairs = Self.pairs(request) else {
            return .failure(
                Refusal(
                    response: Self.plain(
                        415, "Send the form as application/x-www-form-urlencoded or multipart/form-data.")))
        }
        // The form's field, or for other clients the X-CSRF-Token header.
        let field =
            pairs.first { $0.name == CSRFProtection.fieldName }?.value ?? request.header(CSRFProtection.headerName)
        guard csrf.accepts(field: field, cookie: request.cookie(CSRFProtection.cookieName)) else {
            return .failure(
                Refusal(
                    response: Self.plain(
                        403,
                        "Refused: the form's security token is missing or does not match. Load the page again and resend."
                    )))
        }
        return .success(pairs)
    }

    /// Does what the bound form's button asked: cancel, a collection button or Update (the
    /// page again, nothing saved), reset, a custom action (the delegate's), else save.
    private func perform(
        _ action: FormAction?, form: Form<FormValue>, root: Form<FormValue>, entity: FormPath, stored: StoredValues,
        pairs kept: [(name: String, value: String)], visitor: Visitor
    ) async -> FormResponse {
        var form = form
        switch action {
        case .cancel?:
            return redirect(to: parent(of: entity), saved: nil)
        case .add?, .addEntry?, .remove?, .moveUp?, .moveDown?, .custom("update")?:
            // The page again with the change made and the other edits kept; nothing saved yet.
            return page(form, entity: entity, stored: stored, visitor: visitor, status: 200)
        case .reset?:
            form.reset()
            return page(form, entity: entity, stored: stored, visitor: visitor, status: 200)
        case .custom(let name)?:
            guard let delegate else {
                return await save(form, root: root, entity: entity, stored: stored, pairs: kept, visitor: visitor)
            }
            guard form.validate().isEmpty else {
                return page(form, entity: entity, stored: stored, visitor: visitor, status: 422)
            }
            switch await delegate.formServer(self, perform: name, values: form.values, at: entity) {
            case .save:
                return await save(form, root: root, entity: entity, stored: stored, pairs: kept, visitor: visitor)
            case .done(let notice):
                return page(
                    form, entity: entity, stored: stored, visitor: visitor, status: 200, notice: notice)
            case .refuse(let message):
                return page(
                    form, entity: entity, stored: stored, visitor: visitor, status: 422, notice: message)
            }
        default:
            return await save(form, root: root, entity: entity, stored: stored, pairs: kept, visitor: visitor)
        }
    }

    /// Validates the page's values and writes them into the stored ones; 303 to the page's
    /// parent (the same page for the root) naming what changed.
    private func save(
        _ form: Form<FormValue>, root: Form<FormValue>, entity: FormPath, stored: StoredValues,
        pairs: [(name: String, value: String)],
        visitor: Visitor
    ) async -> FormResponse {
        let changes = form.changes
        let (form, committed) = await workers.run { [form] in
            var form = form
            let outcome = Result { () throws(FormError) -> FormValue in try form.commit() }
            return (form, outcome)
        }
        let values: FormValue
        do { values = try committed.get() } catch {
            return page(form, entity: entity, stored: stored, visitor: visitor, status: 422)
        }
        var whole = stored.values
        if entity.isRoot {
            whole = values
        } else {
            // The root form the page's was made from (one root per request).
            var root = root
            do { try root.setValue(values, at: entity) } catch {
                return internalError("The page's values do not fit the form", error)
            }
            whole = root.values
            // The whole-model checks (a Swift model's own `Decodable` among them) see the
            // page's values in the whole.
            let problems = environment.validator.modelProblems(whole)
            if !problems.isEmpty {
                return refused(problems, form: form, entity: entity, stored: stored, visitor: visitor)
            }
        }
        do {
            _ = try await store.save(whole, expecting: stored.version)
        } catch let conflict as StoreConflict {
            return staleSave(entity, pairs: pairs, current: conflict.current, visitor: visitor)
        } catch let refusal as ValuesEditRefusal {
            // A value a YAML alias shares, changed at one place: refused at the field, nothing written.
            let problem = FieldError(path: refusal.path, rule: "alias", message: refusal.message)
            return refused([problem], form: form, entity: entity, stored: stored, visitor: visitor)
        } catch {
            return internalError("The form's values cannot be written", error)
        }
        let target = parent(of: entity)
        let relative = FormPath(Array(entity.components.dropFirst(target.components.count)))
        return redirect(to: target, saved: changes.map { relative.appendingAll($0.path).description })
    }

    /// 422: the page again with the whole-model checks' errors: those inside the page at
    /// their fields, the others named in the notice. Nothing is written.
    private func refused(
        _ problems: [FieldError], form: Form<FormValue>, entity: FormPath, stored: StoredValues, visitor: Visitor
    ) -> FormResponse {
        var form = form
        var onThePage: [FieldError] = []
        var elsewhere: [String] = []
        for problem in problems {
            if problem.path.components.starts(with: entity.components) {
                let relative = FormPath(Array(problem.path.components.dropFirst(entity.components.count)))
                onThePage.append(FieldError(path: relative, rule: problem.rule, message: problem.message))
            } else {
                elsewhere.append(problem.description)
            }
        }
        form.keepInvalidInput([:], errors: onThePage)
        let notice = elsewhere.isEmpty ? nil : "Not saved: " + elsewhere.joined(separator: "; ")
        return page(form, entity: entity, stored: stored, visitor: visitor, status: 422, notice: notice)
    }

    /// Why a submission names what its page did not draw as an input, or `nil` when it
    /// does not: fields that are hidden, on another page, unknown or malformed names.
    static func notOnThePage(_ error: FormError) -> String? {
        if case .notEditable = error { return error.description }
        let unknown = error.fieldErrors.filter { $0.rule == "unknown" }
        return unknown.isEmpty ? nil : unknown.map(\.description).joined(separator: "; ")
    }

    /// The button of an optional relationship's page that empties it.
    static let clearAction = "clear"

    /// Empties an optional relationship, after a question that says what goes.
    private func clear(
        _ entity: FormPath, form: Form<FormValue>, stored: StoredValues, pairs: [(name: String, value: String)],
        confirmed: Bool, visitor: Visitor
    ) async -> FormResponse {
        guard isOptionalRelationship(entity) else {
            return page(
                form, entity: entity, stored: stored, visitor: visitor, status: 422,
                notice: "This cannot be removed.")
        }
        guard confirmed else { return confirmClearing(entity, form: form, pairs: pairs, visitor: visitor) }
        guard pairs.first(where: { $0.name == Self.versionField })?.value == stored.version else {
            return staleSave(entity, pairs: pairs, current: stored, visitor: visitor)
        }
        var root = rootForm(stored.values)
        do { try root.setValue(.null, at: entity) } catch {
            return internalError("The relationship cannot be emptied", error)
        }
        do {
            _ = try await store.save(root.values, expecting: stored.version)
        } catch let conflict as StoreConflict {
            return staleSave(entity, pairs: pairs, current: conflict.current, visitor: visitor)
        } catch {
            return internalError("The form's values cannot be written", error)
        }
        let target = parent(of: entity)
        return redirect(
            to: target, saved: [FormPath(Array(entity.components.dropFirst(target.components.count))).description])
    }

    /// Whether a page is an optional to-one relationship's (it can be emptied).
    func isOptionalRelationship(_ entity: FormPath) -> Bool {
        guard !entity.isRoot, case .key = entity.last, let field = try? configs.field(at: entity, in: typeName) else {
            return false
        }
        switch field.shape {
        case .record: return field.valueType?.isOptional == true
        case .records, .items, .positions, .entries, .single, .alternatives: return false
        }
    }

    /// 303 See Other to an entity's page, with the names of what was saved.
    func redirect(to entity: FormPath, saved: [String]?) -> FormResponse {
        var location = url(of: entity)
        if let saved { location += "?saved=" + URLEncodedForm.encode(saved.joined(separator: ",")) }
        return FormResponse(status: 303, headers: [("Location", location)] + Self.securityHeaders())
    }

    /// The page a related entity's page returns to: the nearest one above it.
    func parent(of entity: FormPath) -> FormPath {
        var components = entity.components
        while !components.isEmpty {
            components.removeLast()
            let candidate = FormPath(components)
            if candidate.isRoot || pageTitle(candidate) != nil { return candidate }
        }
        return FormPath()
    }

    /// The submitted pairs without the empty ones that would change nothing a person meant:
    /// an empty password (browsers are never sent secrets, so they send them back empty; the
    /// stored one is kept, and a confirmation compares against it), and an empty text for
    /// an optional value that is empty already (it stays empty, not "").
    func keepingSecrets(_ pairs: [(name: String, value: String)], form: Form<FormValue>) -> [(
        name: String, value: String
    )] {
        pairs.filter { pair in
            guard pair.value.isEmpty, !pair.name.hasPrefix("_"),
                let path = URLEncodedForm.path(forName: pair.name),
                let field = try? form.field(at: path)
            else { return true }
            if field.type == .password { return false }
            let isEmptyOptional = field.valueType?.isOptional == true && (form.values[path] ?? .null) == .null
            return !(isEmptyOptional && field.type.isTextual)
        }
    }

    /// The name/value pairs of a form body; `nil` for another content type.
    static func pairs(_ request: FormRequest) -> [(name: String, value: String)]? {
        let type = (request.header("Content-Type") ?? "").lowercased()
        var pairs: [(name: String, value: String)]
        if type.hasPrefix("application/x-www-form-urlencoded") {
            pairs = URLEncodedForm.pairs(String(decoding: request.body, as: UTF8.self))
        } else if type.hasPrefix("multipart/form-data"),
            let boundary = MultipartForm.boundary(fromContentType: request.header("Content-Type") ?? ""),
            let parts = MultipartForm.parts(Data(request.body), boundary: boundary)
        {
            pairs = MultipartForm.pairs(parts)
        } else {
            return nil
        }
        // Browsers send a textarea's line breaks as CR LF; the values keep LF.
        for index in pairs.indices where pairs[index].value.utf8.contains(0x0D) {
            pairs[index].value = pairs[index].value.replacingOccurrences(of: "\r\n", with: "\n")
        }
        return pairs
    }

    /// A save whose lookup Find box holds text is a Find (Enter in the box submits the
    /// form's default button, Save): the page again with the matches, nothing saved.
    static func findingFirst(_ pairs: [(name: String, value: String)]) -> [(name: String, value: String)] {
        let finds = pairs.contains { $0.name.hasPrefix(FormSession.findFieldPrefix) && !$0.value.isEmpty }
        guard finds else { return pairs }
        switch FormAction.requested(in: pairs) {
        case nil, .save?:
            return pairs.filter { $0.name != FormSession.actionFieldName } + [(FormSession.actionFieldName, "update")]
        default: return pairs
        }
    }
}
