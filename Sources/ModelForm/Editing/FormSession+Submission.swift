import Foundation

extension FormSession {
    /// The name of the submit buttons' field; its value is a ``FormAction``.
    package static let actionFieldName = "_action"
    /// The start of a map entry's key input: `_key:` and the entry's path holds its key
    /// (the entry is renamed when it differs).
    package static let keyFieldPrefix = "_key:"
    /// The start of a map's new-key input: `_newkey:` and the map's path holds the key of the
    /// entry its add button makes (apart from `_key:`: an entry may itself be a map).
    package static let newKeyFieldPrefix = "_newkey:"
    /// The start of a union's choice: `_choice:` and the union's path holds the chosen
    /// alternative's position from 0 (or its tag or title).
    package static let choiceFieldPrefix = "_choice:"

    /// The start of a lookup's Find box (`_find:` and the lookup's input name): the text to
    /// search its records for. Not a value: a submission does not bind it.
    package static let findFieldPrefix = "_find:"

    /// The name/value pairs of a `multipart/form-data` body; a body that is not one is a parse error.
    static func pairs(multipart body: Data, boundary: String) throws(FormError) -> [(name: String, value: String)] {
        try checkBodySize(body.count)
        guard let parts = MultipartForm.parts(body, boundary: boundary) else {
            throw FormError.invalidInput([
                FieldError(
                    path: FormPath(), rule: "parse",
                    message: "the body is not multipart/form-data with boundary '\(boundary)'")
            ])
        }
        return MultipartForm.pairs(parts)
    }

    /// Refuses a body larger than ``InputLimits/bodyBytes``.
    static func checkBodySize(_ bytes: Int) throws(FormError) {
        guard bytes > InputLimits.bodyBytes else { return }
        throw FormError.invalidInput([
            FieldError(
                path: FormPath(), rule: "limit",
                message: "the body is \(bytes) bytes, more than the limit of \(InputLimits.bodyBytes)")
        ])
    }

    /// What a submission does to this session, parse failures included: the session with
    /// every value that parsed (validated when nothing failed to parse), the failures, and
    /// what was submitted, whose raw texts a form shows again after a refusal.
    struct Binding: Sendable {
        var session: FormSession
        var action: FormAction?
        var failures: [FieldError]
        /// The submitted paths and their texts, in the submission's order; a root field's
        /// path is empty here and its key is in `roots` (no path is built for it unless asked).
        var paths: [FormPath]
        var roots: [RootEntry?]
        var texts: SubmittedTexts
        /// The positions in `paths` of fields drawn with their raw text (typed inputs and selects).
        var echoed: [Int]
        /// The names submitted for fields the page does not draw as inputs (hidden fields, the
        /// fields of a relationship on a page of its own), and collection buttons for such
        /// collections: the submission is refused whole (``notDrawnError``).
        var notDrawn: [String] = []

        /// The error that refuses a submission naming fields the page did not draw.
        var notDrawnError: FormError? {
            notDrawn.isEmpty ? nil : .notEditable(notDrawn.joined(separator: ", "), "not an input of this page")
        }

        /// The raw text of each echoed field by path; built only for a refused submission.
        var raw: [FormPath: String] {
            Dictionary(echoed.map { (path($0), texts.last[$0]) }, uniquingKeysWith: { _, last in last })
        }

        /// The path of the entry at `number`.
        func path(_ number: Int) -> FormPath { roots[number].map { FormPath([.key($0.key)]) } ?? paths[number] }
    }

    /// A submitted name that is a root field's key, and that field's position.
    struct RootEntry: Sendable {
        var position: Int
        var key: String
    }

    /// The texts submitted for each path: the last one of each, and the earlier ones of the
    /// few names submitted more than once (a multi-select's values), without an array per path.
    struct SubmittedTexts: Sendable {
        /// The last text submitted for each path.
        private(set) var last: [String] = []
        private var earlier: [Int: [String]] = [:]

        init(capacity: Int) { last.reserveCapacity(capacity) }

        /// A new path's text.
        mutating func appendEntry(_ text: String) { last.append(text) }

        /// One more text for the path at `entry`.
        mutating func add(_ text: String, to entry: Int) {
            earlier[entry, default: []].append(last[entry])
            last[entry] = text
        }

        /// Whether the path at `entry` was submitted more than once.
        func isRepeated(_ entry: Int) -> Bool { earlier[entry] != nil }

        /// Every text submitted for the path at `entry`, in order.
        func all(_ entry: Int) -> [String] { (earlier[entry] ?? []) + [last[entry]] }
    }

    /// The submitted pairs by path, in the submission's order: the first phase of ``bind(pairs:inlineSubforms:)``.
    struct CollectedPairs {
        var action: FormAction?
        /// The `_key:` inputs: each map entry's key as submitted, by the entry's path.
        var keys: [(path: FormPath, key: String)] = []
        /// The `_newkey:` inputs: the key typed beside each map's add button, by the map's path.
        var newKeys: [FormPath: String] = [:]
        /// The `_choice:` inputs: each union's chosen alternative, by the union's path.
        var choices: [(path: FormPath, name: String)] = []
        var paths: [FormPath] = []
        var texts: SubmittedTexts
        /// Per submitted path: its root field, for a plain name (`email`).
        var roots: [RootEntry?] = []
        var failures: [FieldError] = []

        /// The path of the entry at `number` (a root field's built from its key).
        func path(_ number: Int) -> FormPath { roots[number].map { FormPath([.key($0.key)]) } ?? paths[number] }
    }

    /// What binding the collected texts found: the fields present (for absent toggles), the
    /// echoed ones, and the names the page did not draw as inputs.
    struct BoundTexts {
        var present = SubmittedPaths()
        var echoed: [Int] = []
        var notDrawn: [String] = []
    }

    /// Binds a submission's pairs: collects them by path, rebuilds the collections they
    /// reach, parses each text into a candidate session, then validates it. Nothing changes
    /// in `self`.
    func bind(pairs: [(name: String, value: String)], inlineSubforms: Bool = false, absentTogglesOff: Bool = true)
        -> Binding
    {
        var index = FieldIndex(configs: configs, typeName: typeName)
        var collected = collect(pairs, index: &index)
        var notDrawnChoices: [String] = []
        var candidate = self
        candidate.observer = nil
        // A union switched to another alternative first: the inputs below it that are not the
        // chosen alternative's belong to the one it left, and are passed over.
        var leftBehind: Set<Int> = []
        if !collected.choices.isEmpty {
            leftBehind = candidate.bindChoices(
                of: &collected, index: &index, inlineSubforms: inlineSubforms, notDrawn: &notDrawnChoices)
        }
        let refusedItems = candidate.rebuildCollections(
            for: collected.paths, index: &index, failures: &collected.failures)
        if !collected.newKeys.isEmpty {
            candidate.rebuildMaps(
                keys: collected.keys, drawnMaps: collected.newKeys.keys, index: &index, inlineSubforms: inlineSubforms,
                failures: &collected.failures)
        }
        var bound = candidate.bindTexts(
            of: &collected, index: &index, skipping: refusedItems, leftBehind: leftBehind,
            inlineSubforms: inlineSubforms)
        bound.notDrawn += notDrawnChoices
        if !collected.keys.isEmpty || collected.action?.collectionPath != nil {
            candidate.bindKeys(of: &collected, index: &index, inlineSubforms: inlineSubforms, bound: &bound)
        }
        if let listPath = collected.action?.collectionPath,
            !index.drawsInput(at: listPath, inlineSubforms: inlineSubforms)
        {
            bound.notDrawn.append(listPath.description)
        }
        guard bound.notDrawn.isEmpty else {
            var refused = Binding(
                session: self, action: collected.action, failures: collected.failures, paths: [], roots: [],
                texts: SubmittedTexts(capacity: 0), echoed: [])
            refused.notDrawn = bound.notDrawn
            return refused
        }
        if absentTogglesOff { candidate.clearAbsentToggles(bound.present) }
        candidate.restoreConditionalFields(from: values)
        guard collected.failures.isEmpty else {
            return Binding(
                session: candidate, action: collected.action, failures: collected.failures, paths: collected.paths,
                roots: collected.roots, texts: collected.texts, echoed: bound.echoed)
        }
        candidate.observer = observer
        if observer != nil {
            for change in FormChange.between(values, candidate.values) { candidate.tell(.change(change)) }
        }
        candidate.validate()
        return Binding(
            session: candidate, action: collected.action, failures: [], paths: collected.paths,
            roots: collected.roots, texts: collected.texts, echoed: bound.echoed)
    }

    /// The pairs by path: `_action` read, a root field's repeated name gathered under its
    /// first entry with one lookup per name, other names parsed into paths.
    private func collect(_ pairs: [(name: String, value: String)], index: inout FieldIndex) -> CollectedPairs {
        var collected = CollectedPairs(texts: SubmittedTexts(capacity: pairs.count))
        /// Per root field: where its name was first submitted (one lookup per plain name).
        var entryOfRootField = [Int](repeating: -1, count: index.rootFieldCount)
        var position: [String: Int] = [:]
        collected.paths.reserveCapacity(pairs.count)
        collected.roots.reserveCapacity(pairs.count)
        for (name, value) in pairs {
            if name.utf8.first == UInt8(ascii: "_") {
                if name == Self.actionFieldName {
                    // The first button counts, as ``FormAction/requested(in:)`` reads it.
                    if collected.action == nil { collected.action = FormAction(parsing: value) }
                } else if let prefix = [Self.keyFieldPrefix, Self.newKeyFieldPrefix, Self.choiceFieldPrefix].first(
                    where: name.hasPrefix)
                {
                    guard let path = try? FormPath(parsing: String(name.dropFirst(prefix.count))), !path.isRoot else {
                        collected.failures.append(
                            FieldError(
                                path: FormPath(), rule: "unknown",
                                message: "'\(name.excerpt())' is not a valid key name"))
                        continue
                    }
                    if prefix == Self.choiceFieldPrefix {
                        collected.choices.append((path, value))
                    } else if prefix == Self.newKeyFieldPrefix {
                        collected.newKeys[path] = value
                    } else {
                        collected.keys.append((path, value))
                    }
                }
                continue
            }
            if let root = index.rootPosition(name) {
                if entryOfRootField[root] >= 0 {
                    collected.texts.add(value, to: entryOfRootField[root])
                } else {
                    entryOfRootField[root] = collected.paths.count
                    collected.paths.append(FormPath())
                    collected.texts.appendEntry(value)
                    collected.roots.append(RootEntry(position: root, key: name))
                }
                continue
            }
            guard let path = URLEncodedForm.path(forName: name) else {
                let problem =
                    URLEncodedForm.isTooDeep(name)
                    ? "nests more than \(InputLimits.nameDepth) levels" : "is not a valid field name"
                collected.failures.append(
                    FieldError(path: FormPath(), rule: "unknown", message: "'\(name.excerpt())' \(problem)"))
                continue
            }
            let key = path.components.count == 1 ? name : URLEncodedForm.name(for: path)
            if let entry = position[key] {
                collected.texts.add(value, to: entry)
            } else {
                position[key] = collected.paths.count
                collected.paths.append(path)
                collected.texts.appendEntry(value)
                collected.roots.append(nil)
            }
        }
        return collected
    }

    /// Parses each collected path's texts into this (candidate) session's values, except
    /// under `refusedItems`: only fields the page drew as inputs bind.
    private mutating func bindTexts(
        of collected: inout CollectedPairs, index: inout FieldIndex, skipping refusedItems: [FormPath],
        leftBehind: Set<Int> = [], inlineSubforms: Bool
    ) -> BoundTexts {
        var bound = BoundTexts()
        for (number, path) in collected.paths.enumerated() {
            if !leftBehind.isEmpty, leftBehind.contains(number) { continue }
            if !refusedItems.isEmpty, refusedItems.contains(where: { path.components.starts(with: $0.components) }) {
                continue
            }
            // A property of the root form (the common case) needs no path.
            let root = collected.roots[number]
            let found = root.map { index.rootField(at: $0.position) } ?? (try? index.field(at: path))
            guard var field = found else {
                collected.failures.append(
                    FieldError(path: path, rule: "unknown", message: "is not a field of this form"))
                continue
            }
            if case .alternatives = field.shape {
                // A union's own name is its untagged one-value alternative's input.
                let full = collected.path(number)
                guard let scalar = currentScalarAlternative(of: field, at: full) else {
                    collected.failures.append(
                        FieldError(
                            path: full, rule: "unknown",
                            message:
                                "is one of several alternatives: its choice is named \(Self.choiceFieldPrefix)\(full)"))
                    continue
                }
                field = scalar
            }
            if root == nil, configs.hasMaps, let missing = index.missingEntry(in: path, of: values) {
                collected.failures.append(
                    FieldError(path: missing, rule: "unknown", message: "is not an entry of this map"))
                continue
            }
            // Only what the page drew as an input binds: not a hidden field, nor one of a
            // relationship drawn on a page of its own.
            if field.hidden || root == nil && !index.drawsInput(at: path, inlineSubforms: inlineSubforms) {
                bound.notDrawn.append(root?.key ?? path.description)
                continue
            }
            if let root {
                bound.present.recordRoot(root.key, toggle: Self.isToggle(field))
            } else {
                bound.present.record(path, toggle: Self.isToggle(field))
            }
            guard binds(field, root: root, path: path, texts: collected.texts, number: number) else { continue }
            if !field.type.choosesOptions || field.type == .options { bound.echoed.append(number) }
            if let failure = store(collected.texts, number, for: field, root: root, path: path) {
                collected.failures.append(failure)
            }
        }
        return bound
    }

    /// Whether a drawn field's submitted text binds: not for read-only fields, buttons,
    /// virtual fields outside items, an empty file input, nor an untouched text the page
    /// could not draw as it is (a bidi override, a control character, a carriage return:
    /// it comes back altered, so the stored one is kept).
    @inline(__always)
    private func binds(_ field: Field, root: RootEntry?, path: FormPath, texts: SubmittedTexts, number: Int) -> Bool {
        if field.readOnly || field.type == .action { return false }
        if field.isVirtual, root != nil || path.components.count == 1 || !Self.isItem(path) { return false }
        if field.type == .image, texts.all(number).allSatisfy(\.isEmpty) { return false }
        if field.type.isTextual, !texts.isRepeated(number),
            Self.isUntouched(texts.last[number], stored: storedValue(root, path))
        {
            return false
        }
        return true
    }

    /// Parses one path's texts for `field` and stores the value; the error when it does not parse.
    @inline(__always)
    private mutating func store(
        _ texts: SubmittedTexts, _ number: Int, for field: Field, root: RootEntry?, path: FormPath
    ) -> FieldError? {
        do {
            let parsed =
                texts.isRepeated(number) || field.type == .multiSelect || field.type == .bitfield
                ? try parse(submitted: texts.all(number), for: field, at: path)
                : try parse(submittedText: texts.last[number], for: field, at: path)
            let value = Self.canonical(parsed, for: field)
            if let root {
                try values.set(value, forKey: root.key, near: root.position)
            } else {
                materializeRelationships(along: path)
                try values.set(value, at: path)
            }
            return nil
        } catch var error as FieldError {
            if let root, error.path.isRoot { error.path = FormPath([.key(root.key)]) }
            return error
        } catch {
            return FieldError(path: root.map { FormPath([.key($0.key)]) } ?? path, rule: "unknown", message: "\(error)")
        }
    }

    /// The stored value a submitted name edits (a root field by its key, else by path).
    private func storedValue(_ root: RootEntry?, _ path: FormPath) -> FormValue? {
        guard let root else { return values[path] }
        if case .record(let record) = values { return record[root.key] }
        return nil
    }

    /// Whether `text` is what a page drew for the stored text and a browser sent back
    /// untouched, though it differs from it (U+FFFD for a bidi override, no carriage return).
    static func isUntouched(_ text: String, stored: FormValue?) -> Bool {
        guard case .string(let stored)? = stored, stored != text else { return false }
        // Only a text with U+FFFD (EF BF BD), or a stored one with a carriage return, can be one.
        guard text.utf8.contains(0xEF) || stored.utf8.contains(0x0D) else { return false }
        return UnicodeClass.asSentBack(stored) == text
    }
}
