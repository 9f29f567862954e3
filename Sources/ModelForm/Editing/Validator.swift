import Foundation
import Synchronization

/// Checks form values against each field's rules, plus custom and model-level checks.
///
/// Rules are values on the fields (``ValidationRule``); code adds named checks for
/// `custom` rules and whole-model checks:
///
/// ```swift
/// var validator = Validator()
/// validator.register("adult") { value, _ in (value.intValue ?? 0) >= 18 ? nil : "must be 18 or over" }
/// validator.addModelCheck { values in
///     values["age"] == .uint(0) ? [FieldError(path: "age", rule: "custom", message: "is not given")] : []
/// }
/// ```
///
/// An empty value passes every rule but `required`; `required` on a boolean means it must
/// be on (a terms checkbox). Subforms and collection items are validated with their own form.
///
/// The checks' types, named:
///
/// ```swift
/// let notAlone: Validator.Check = { value, record in
///     value == .int(1) && record["destination"] == .string("Everest") ? "take a guide" : nil
/// }
/// let someone: Validator.ModelCheck = { values in
///     values.intValue == 0 ? [FieldError(path: "travellers", rule: "custom", message: "no one is going")] : []
/// }
/// var validator = Validator()
/// validator.register("notAlone", notAlone)
/// validator.addModelCheck(someone)
/// ```
public struct Validator: Sendable {
    /// A named check: returns a message when the value fails. Gets the value and the
    /// record that holds it (for checks across fields).
    public typealias Check = @Sendable (_ value: FormValue, _ record: FormRecord) -> String?
    /// A whole-model check.
    public typealias ModelCheck = @Sendable (_ values: FormValue) -> [FieldError]

    private var checks: [String: Check] = [:]
    private var modelChecks: [ModelCheck] = []
    /// The CPU time the pattern matches of the validation under way share (each
    /// ``validate(_:typeName:configs:)`` gets its own ``BoundedRegex/documentBudget``).
    private var patternBudget: BoundedRegex.Budget?
    /// The patterns the validation under way compiled, each once (a rule on a list's
    /// template meets every item).
    private var compiledPatterns: CompiledPatterns?

    /// Places for costly pattern matches, shared with every other validation that uses the
    /// same gate (a server sets one): `nil`, no limit on how many run at once.
    package var patternGate: BoundedRegex.Gate?

    /// A validator with no custom checks.
    public init() {}

    /// Registers the check a `custom(name)` rule runs.
    public mutating func register(_ name: String, _ check: @escaping Check) { checks[name] = check }

    /// Adds a check over the whole value tree, run after the field rules. A child session
    /// (a subform being edited on its own) does not run it: its values are a subtree; the
    /// whole tree is checked when the root validates or commits.
    public mutating func addModelCheck(_ check: @escaping ModelCheck) { modelChecks.append(check) }

    /// What the whole-model checks find in `values` (the field rules not run).
    package func modelProblems(_ values: FormValue) -> [FieldError] {
        modelChecks.flatMap { $0(values) }
    }

    /// The validator for a subtree: the same rule checks, no whole-model checks.
    package var forSubtree: Validator {
        var subtree = self
        subtree.modelChecks = []
        return subtree
    }

    /// Every error in `values`, a form of type `typeName`, in field order.
    public func validate(_ values: FormValue, typeName: String, configs: ConfigDictionary) -> [FieldError] {
        var validating = self
        validating.patternBudget = BoundedRegex.Budget(gate: patternGate)
        validating.compiledPatterns = CompiledPatterns()
        var walker = RuleWalker(validator: validating, configs: configs)
        configs.walkValues(values, typeName: typeName, with: &walker)
        var errors = walker.errors
        let owners = configs.model.entities.filter { $0.otherKeys != nil }
        if !owners.isEmpty {
            var other = OtherKeysWalker(
                owners: Dictionary(owners.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a }))
            configs.walkValues(values, typeName: typeName, with: &other)
            errors += other.errors
        }
        for check in modelChecks { errors += check(values) }
        return errors
    }

    /// What is wrong with a map's key under its `keyRules` (`the key "a b" must match the
    /// pattern '^[a-z]+$'`), or `nil` when it passes them all.
    func keyProblem(_ key: String, rules: [ValidationRule]) -> String? {
        for rule in rules {
            if let message = check(rule, .string(key), record: FormRecord(), field: Self.keyField) {
                return "the key \(FormPath.quoted(key)) " + (rule.message ?? message)
            }
        }
        return nil
    }

    /// Why a map of other keys may not hold the key of a property beside it (a values file
    /// would write that key twice).
    static func propertyKeyProblem(_ key: String) -> String {
        "the key \(FormPath.quoted(key)) is a property of its own"
    }

    /// Why a costly value was not checked: other costly values held every place of the
    /// validator's ``patternGate``.
    package static func busyMessage(pattern: String) -> String {
        "could not be checked against \(pattern) now: other costly values are being checked; try again"
    }

    /// The field a map's key is checked as: text.
    private static let keyField = Field(key: nil, type: .text, valueType: .string)

    /// The message for a failed rule, or `nil` when it passes.
    func check(_ rule: ValidationRule, _ value: FormValue, record: FormRecord, field: Field) -> String? {
        if case .required = rule.kind { return value.isEmpty(as: field.type) ? Self.requiredMessage(field) : nil }
        if case .custom(let name) = rule.kind {
            guard let check = checks[name] else { return "no check named '\(name)' is registered" }
            return check(value, record)
        }
        if case .equalTo(let other) = rule.kind {
            return value == (record[other] ?? .null) ? nil : "must match \(TitleInference.title(forKey: other))"
        }
        guard !value.isEmpty(as: field.type) else { return nil }
        switch rule.kind {
        case .length(let min, let max):
            let count: Int
            let unit: String
            switch value {
            case .string(let text): (count, unit) = (text.characterCount, " characters")
            case .list(let items): (count, unit) = (items.count, " items")
            case .record(let entries) where field.type == .map: (count, unit) = (entries.count, " entries")
            default: return nil
            }
            return Self.bounds(Double(count), min.map(Double.init), max.map(Double.init), unit: unit)
        case .range(let min, let max):
            guard let number = value.doubleValue else { return nil }
            return Self.bounds(number, min, max, unit: "")
        case .multipleOf(let step):
            guard let number = value.doubleValue, step > 0 else { return nil }
            // Within rounding: 0.3 is a multiple of 0.1 although 0.3 / 0.1 is 2.9999999999999996.
            let quotient = number / step
            return abs(quotient - quotient.rounded()) <= 1e-9 * Swift.max(1, abs(quotient))
                ? nil : "must be a multiple of \(FormValue.double(step).plainText)"
        case .pattern(let pattern):
            guard case .string(let text) = value else { return nil }
            guard let regex = compiledPatterns.map({ $0.regex(pattern) }) ?? (try? BoundedRegex(pattern)) else {
                return "the pattern '\(pattern)' is not a valid regular expression"
            }
            switch regex.matches(text, whole: true, budget: patternBudget) {
            case .match: return nil
            case .noMatch: return "does not have the expected format"
            // The rule's pattern is not named: it may be a translation (a JSON Schema's
            // pattern is rewritten for ICU), and the person who filled the field cannot act on it.
            case .tooCostly: return "is too costly to check against this field's pattern; shorten it"
            case .busy: return Self.busyMessage(pattern: "this field's pattern")
            }
        case .email:
            return TextChecks.isEmail(value.plainText) ? nil : "is not an email address"
        case .url:
            return TextChecks.isURL(value.plainText) ? nil : "is not an absolute URL"
        default:
            return nil
        }
    }

    private static func requiredMessage(_ field: Field) -> String {
        switch field.type {
        case .boolean, .option: return "must be checked"
        case .options, .multiSelect, .bitfield: return "choose at least one option"
        default: return "is required"
        }
    }

    private static func bounds(_ value: Double, _ min: Double?, _ max: Double?, unit: String) -> String? {
        func show(_ n: Double) -> String { FormValue.double(n).plainText }
        if let min, let max, value < min || value > max {
            return "must be between \(show(min)) and \(show(max))\(unit)"
        }
        if let min, value < min { return "must be at least \(show(min))\(unit)" }
        if let max, value > max { return "must be at most \(show(max))\(unit)" }
        return nil
    }
}

/// Checks every field's rules, in field order: not a hidden field, nor one its rules hide,
/// nor what either leads to; `requiredIf` adds `required` while it holds.
private struct RuleWalker: ValueWalker {
    let validator: Validator
    let configs: ConfigDictionary
    var errors: [FieldError] = []

    /// A field with nothing to check and nothing below it is passed over.
    func visits(_ field: Field) -> Bool {
        guard !field.hidden else { return false }
        if !field.rules.isEmpty || field.hasConditions { return true }
        switch field.shape {
        case .record, .records, .alternatives: return true  // the fields below have rules of their own
        case .entries: return !field.keyRules.isEmpty || field.template?.rules.isEmpty == false
        case .items: return field.template.map(Self.checksEachItem) ?? false
        case .positions:
            // Without a template nothing may follow the positions: the count is checked.
            return field.template == nil || field.tupleItemFields.contains(where: Self.checksEachItem)
        case .single: return field.type == .map && !field.keyRules.isEmpty || field.template?.rules.isEmpty == false
        }
    }

    /// Whether an item's field has something to check on each item: rules, or alternatives.
    static func checksEachItem(_ item: Field) -> Bool { !item.rules.isEmpty || item.shape == .alternatives }

    /// The rules of a list's `template` on each item: a `pattern` for every tag
    /// (`template: {rules: [{pattern: ...}]}` in a forms file); a tuple's positions' rules on
    /// the item at each. A map's entries are fields of their own (the template keyed), which
    /// the walk visits with these rules already.
    mutating func checkTemplateRules(of field: Field, value: FormValue, in visit: ValueVisit) {
        if case .positions = field.shape, case .list(let items) = value {
            let path = visit.path(of: field)
            if field.template == nil, items.count > field.positions.count {
                errors.append(
                    FieldError(
                        path: path, rule: "positions",
                        message:
                            "has \(items.count) items, and nothing may follow its \(field.positions.count) positions"))
            }
            for (index, item) in items.enumerated() {
                guard let itemField = field.itemField(at: index), Self.checksEachItem(itemField) else { continue }
                let itemPath = path.appending(.index(index))
                if itemField.shape == .alternatives { checkAlternative(of: itemField, value: item, at: itemPath) }
                check(itemField.rules, item, of: itemField, at: itemPath, in: visit)
            }
            return
        }
        guard let template = field.template, Self.checksEachItem(template) else { return }
        switch field.shape {
        case .items:
            guard case .list(let items) = value else { return }
            let path = visit.path(of: field)
            for (index, item) in items.enumerated() {
                let itemPath = path.appending(.index(index))
                // A list of unions: each item is one of the alternatives.
                if template.shape == .alternatives { checkAlternative(of: template, value: item, at: itemPath) }
                check(template.rules, item, of: template, at: itemPath, in: visit)
            }
        case .entries, .record, .records, .single, .alternatives, .positions:
            return
        }
    }

    /// An error when a union's value fits none of its alternatives, or several of one that
    /// allows one: the value is kept as it is, and the person told.
    mutating func checkAlternative(of field: Field, value: FormValue, in visit: ValueVisit) {
        checkAlternative(of: field, value: value, at: visit.path(of: field))
    }

    mutating func checkAlternative(of field: Field, value: FormValue, at path: FormPath) {
        let titles = field.alternativeTitles
        let message: String
        switch configs.alternative(of: field, for: value) {
        case .chosen, .empty: return
        case .noneFits: message = "is none of its alternatives (\(titles.joined(separator: ", ")))"
        case .several(let indices):
            message =
                "fits more than one alternative (\(indices.map { titles[$0] }.joined(separator: ", "))); it must be one"
        }
        errors.append(FieldError(path: path, rule: "alternative", message: message))
    }

    /// Appends an error for each of `rules` that `value` (of `field`, at `path`) fails.
    mutating func check(
        _ rules: [ValidationRule], _ value: FormValue, of field: Field, at path: FormPath, in visit: ValueVisit
    ) {
        for rule in rules {
            if let message = validator.check(rule, value, record: visit.record, field: field) {
                errors.append(FieldError(path: path, rule: rule.id, message: rule.message ?? message))
            }
        }
    }

    mutating func visitField(_ field: Field, at index: Int?, in visit: ValueVisit) -> Bool {
        var rules = field.rules
        if field.hasConditions {
            let state = field.conditions.state(in: visit.recordValue)
            guard state.isVisible else { return false }
            rules = field.rules(in: state)
        }
        if case .alternatives = field.shape { checkAlternative(of: field, value: visit.value(at: index), in: visit) }
        // The value is read only for a field with something to check on it.
        guard
            !rules.isEmpty || !field.keyRules.isEmpty || field.template?.rules.isEmpty == false
                || field.template?.shape == .alternatives || field.positions.contains(where: Self.checksEachItem)
                || field.shape == .positions && field.template == nil
        else { return true }
        let value = visit.value(at: index)
        if !field.keyRules.isEmpty, case .record(let entries) = value {
            let mapPath = visit.path(of: field)
            for key in entries.keys {
                if let problem = validator.keyProblem(key, rules: field.keyRules) {
                    errors.append(FieldError(path: mapPath.appending(key: key), rule: "key", message: problem))
                }
            }
        }
        checkTemplateRules(of: field, value: value, in: visit)
        check(rules, value, of: field, at: visit.path(of: field), in: visit)
        return true
    }
}

/// The entries of a map of other keys (``EntityDescription/otherKeys``) that take a
/// property's key: a values file would write that key twice.
private struct OtherKeysWalker: ValueWalker {
    let owners: [String: EntityDescription]
    var errors: [FieldError] = []

    mutating func visitRecord(typeName: String, path: FormPath, value: FormValue) {
        guard let entity = owners[typeName], let key = entity.otherKeys, case .record(let record) = value,
            case .record(let entries)? = record[key]
        else { return }
        for entry in entries.keys where entry != key && entity.property(entry) != nil {
            errors.append(
                FieldError(
                    path: path.appending(key: key).appending(key: entry), rule: "key",
                    message: Validator.propertyKeyProblem(entry)))
        }
    }

    func visits(_ field: Field) -> Bool {
        switch field.shape {
        case .record, .records, .items, .positions, .entries, .alternatives: true
        case .single: field.type == .collection || field.type == .map
        }
    }

    mutating func visitField(_ field: Field, at index: Int?, in visit: ValueVisit) -> Bool { true }
}

/// The patterns one validation compiled, by their text (`nil` for one ICU cannot read).
private final class CompiledPatterns: Sendable {
    private let compiled = Mutex<[String: BoundedRegex?]>([:])

    /// `pattern` compiled, the first time it is asked for.
    func regex(_ pattern: String) -> BoundedRegex? {
        if let found = compiled.withLock({ $0[pattern] }) { return found }
        let regex = try? BoundedRegex(pattern)
        compiled.withLock { $0[pattern] = .some(regex) }
        return regex
    }
}
