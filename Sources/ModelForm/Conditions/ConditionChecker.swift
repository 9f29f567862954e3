import Foundation

/// A problem a condition has against the forms it is written for, and where in its text.
package struct ConditionIssue: Hashable, Sendable {
    package var message: String
    package var offset: Int
}

/// Checks a condition against the configs: every path names a field (with a did-you-mean),
/// a bare path is a yes/no field, and each comparison compares like with like (a number
/// with a number, an options field with one of its option values).
package enum ConditionChecker {
    /// What a field holds, for comparisons.
    enum Kind: Equatable {
        case flag, number, text, date, other
        case choice([FormValue])

        var name: String {
            switch self {
            case .flag: "a yes/no field"
            case .number: "a number field"
            case .text: "a text field"
            case .date: "a date field"
            case .choice: "an options field"
            case .other: "a field"
            }
        }
    }

    package static func issues(
        _ condition: Condition, places: ConditionPlaces, typeName: String, configs: ConfigDictionary
    ) -> [ConditionIssue] {
        var issues: [ConditionIssue] = []
        var kinds: [FormPath: Kind] = [:]
        for (path, offset) in places.paths where kinds[path] == nil {
            switch resolve(path, in: typeName, configs: configs) {
            case .success(let field):
                kinds[path] = kind(of: field)
                for tested in condition.testedKinds(of: path) {
                    if let problem = kindTestProblem(path, tested, field) {
                        issues.append(ConditionIssue(message: problem, offset: offset))
                    }
                }
                if field.type == .unsigned, condition.testsEmptiness(of: path) {
                    issues.append(
                        ConditionIssue(
                            message: "'\(path)' is an unsigned number, never empty unless it has no value: "
                                + "compare it (\(path) == 0 or \(path) == null)",
                            offset: offset))
                }
            case .failure(let failure): issues.append(ConditionIssue(message: failure.message, offset: offset))
            }
        }
        var literalIndex = 0
        check(condition, kinds: kinds, places: places, literalIndex: &literalIndex, issues: &issues)
        return issues
    }

    private static func check(
        _ condition: Condition, kinds: [FormPath: Kind], places: ConditionPlaces, literalIndex: inout Int,
        issues: inout [ConditionIssue]
    ) {
        func nextLiteral() -> Int {
            defer { literalIndex += 1 }
            return literalIndex < places.literals.count ? places.literals[literalIndex] : 0
        }
        switch condition {
        case .isTrue(let path):
            if let kind = kinds[path], kind != .flag {
                issues.append(
                    ConditionIssue(
                        message: "'\(path)' is \(kind.name), not a yes/no one: compare it (\(path) == ...)",
                        offset: places.offset(of: path)))
            }
        case .isEmpty, .hasKind: break
        case .compare(let path, let comparison, .value(let value)):
            let offset = nextLiteral()
            guard let kind = kinds[path], value != .null else { return }
            if comparison != .equal && comparison != .notEqual, !isOrdered(kind) {
                issues.append(
                    ConditionIssue(
                        message: "'\(path)' is \(kind.name): it can be compared with == and != only",
                        offset: places.offset(of: path)))
            } else if let problem = mismatch(value, kind, path) {
                issues.append(ConditionIssue(message: problem, offset: offset))
            }
        case .compare(let path, let comparison, .field(let other)):
            guard let left = kinds[path], let right = kinds[other] else { return }
            if !sameKind(left, right) {
                issues.append(
                    ConditionIssue(
                        message: "'\(path)' is \(left.name) and '\(other)' is \(right.name): they cannot be compared",
                        offset: places.offset(of: other)))
            } else if comparison != .equal && comparison != .notEqual, !isOrdered(left) {
                issues.append(
                    ConditionIssue(
                        message: "'\(path)' is \(left.name): it can be compared with == and != only",
                        offset: places.offset(of: path)))
            }
        case .oneOf(let path, let values, _):
            for value in values {
                let offset = nextLiteral()
                if let kind = kinds[path], value != .null, let problem = mismatch(value, kind, path) {
                    issues.append(ConditionIssue(message: problem, offset: offset))
                }
            }
        case .and(let a, let b), .or(let a, let b):
            check(a, kinds: kinds, places: places, literalIndex: &literalIndex, issues: &issues)
            check(b, kinds: kinds, places: places, literalIndex: &literalIndex, issues: &issues)
        case .not(let a):
            check(a, kinds: kinds, places: places, literalIndex: &literalIndex, issues: &issues)
        }
    }

    /// Why `path is kind` can never change or never hold, else `nil`: a kind test is for a
    /// union whose alternatives are told apart by their kind, or for free JSON.
    private static func kindTestProblem(_ path: FormPath, _ kind: Condition.ValueKind, _ field: Field) -> String? {
        if field.type == .json { return nil }
        let kinds = field.valueKinds
        let names = Condition.ValueKind.allCases.filter(kinds.contains).map(\.rawValue)
        if case .alternatives = field.shape {
            if let tag = field.alternatives.compactMap(\.key).first {
                return "'\(path)' is a union told apart by tags: test its tag (\(path).\(tag) != null)"
            }
            guard kinds.contains(kind) else {
                return "'\(path)' is never \(kind.rawValue): its alternatives are \(names.joined(separator: ", "))"
            }
            return nil
        }
        return "'\(path)' is always \(names.joined(separator: " or ")): a kind test is for a union or free JSON"
    }

    private static func isOrdered(_ kind: Kind) -> Bool {
        switch kind {
        case .number, .text, .date, .other: true
        case .flag, .choice: false
        }
    }

    private static func sameKind(_ a: Kind, _ b: Kind) -> Bool {
        switch (a, b) {
        case (.choice, .choice), (.other, _), (_, .other): true
        default: a == b
        }
    }

    private static func mismatch(_ value: FormValue, _ kind: Kind, _ path: FormPath) -> String? {
        let shown = ConditionPrinter.literal(value)
        switch (kind, value) {
        case (.flag, .bool), (.number, .int), (.number, .decimal), (.text, .string), (.other, _): return nil
        case (.date, .string(let text)):
            return Condition.date(text) == nil
                ? "\(shown) is not a date (write \"2024-05-01\" or \"2024-05-01T09:30:00Z\")" : nil
        case (.choice(let options), _):
            if options.contains(where: {
                Condition.compare($0, value) == .orderedSame || $0.plainText == value.plainText
            }) {
                return nil
            }
            return
                "\(shown) is not an option of '\(path)' (its options: \(options.map(ConditionPrinter.literal).joined(separator: ", ")))"
        default: return "'\(path)' is \(kind.name) and \(shown) is not: they cannot be compared"
        }
    }

    /// The field a path names from a type's form, or why there is none.
    static func resolve(_ path: FormPath, in typeName: String, configs: ConfigDictionary) -> Result<
        Field, FieldLookupFailure
    > {
        var walker = ConditionOperandWalker(configs: configs)
        switch configs.walkPath(path, in: typeName, with: &walker) {
        case .success(let field): return .success(field)
        case .failure(.unknownType(let name)): return .failure(FieldLookupFailure("unknown type '\(name)'"))
        case .failure(.noFields(let field)):
            return .failure(FieldLookupFailure("'\(field.key ?? "?")' has no fields: '\(path)' names nothing"))
        case .failure(.unknownKey(let key, let config)):
            let keys = Set(
                config.fields.compactMap(\.key) + (configs.model.entity(config.typeName)?.properties.map(\.key) ?? []))
            return .failure(
                FieldLookupFailure(
                    "unknown field '\(key)' in '\(config.typeName)'" + Suggestion.hint(for: key, in: keys.sorted())))
        case .failure(.notAList(let field)):
            return .failure(
                FieldLookupFailure("'\(field?.key ?? "?")' is not a collection: '\(path)' names nothing"))
        case .failure(.refused(let field)):  // this walker refuses nothing; kept for the switch to be whole
            return .failure(FieldLookupFailure("'\(field.key ?? "?")' cannot be named in a condition"))
        case .failure(.empty): return .failure(FieldLookupFailure("an empty path"))
        }
    }

    /// A walk of a condition's operand: a field of the form, else a property the form
    /// leaves out (its value is there).
    private struct ConditionOperandWalker: FieldPathWalker {
        let configs: ConfigDictionary

        func field(_ key: String, in config: FormConfig) -> Field? {
            if let field = config.field(key) { return field }
            guard let property = configs.model.entity(config.typeName)?.properties.first(where: { $0.key == key })
            else { return nil }
            // A map's entries are named through its template, as the form would infer it.
            if property.valueType.entryType != nil { return FieldInference.standard.field(for: property) }
            return Field(
                key: key, type: propertyType(property.valueType), valueType: property.valueType,
                relationship: relationship(property.valueType))
        }
    }

    /// The field type a condition compares a left-out property as.
    private static func propertyType(_ type: ValueType) -> FieldType {
        switch type.unwrapped {
        case .bool: .boolean
        case .integer: .integer
        case .unsigned: .unsigned
        case .float, .decimal: .float
        case .date: .date
        case .string, .url: .text
        case .model: .subform
        case .array, .set: .collection
        default: .default
        }
    }

    private static func relationship(_ type: ValueType) -> Relationship? {
        if case .model(let target) = type.unwrapped { return Relationship(target: target, cardinality: .toOne) }
        return nil
    }

    struct FieldLookupFailure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    static func kind(of field: Field) -> Kind {
        let type = field.type
        if type.choosesOptions, !field.options.isEmpty { return .choice(field.options.map(\.value)) }
        if type == .boolean || type == .option { return .flag }
        if type == .integer || type == .unsigned || type == .float || type == .number { return .number }
        if type == .date || type == .time || type == .dateTime { return .date }
        if type.isTextual { return .text }
        return .other
    }
}

extension Condition {
    /// A date literal: `2024-05-01` or a full ISO 8601 date and time.
    static func date(_ text: String) -> Date? { ISODate.parseDate(text) ?? ISODate.parseDateTime(text) }
}

extension Condition {
    /// The kinds the condition tests `path` for (`path is record`).
    func testedKinds(of path: FormPath) -> [Condition.ValueKind] {
        switch self {
        case .hasKind(let tested, let kind): return tested == path ? [kind] : []
        case .and(let a, let b), .or(let a, let b): return a.testedKinds(of: path) + b.testedKinds(of: path)
        case .not(let a): return a.testedKinds(of: path)
        case .isTrue, .compare, .oneOf, .isEmpty: return []
        }
    }

    /// Whether the condition asks `empty(path)` anywhere.
    func testsEmptiness(of path: FormPath) -> Bool {
        switch self {
        case .isEmpty(let tested): return tested == path
        case .and(let a, let b), .or(let a, let b): return a.testsEmptiness(of: path) || b.testsEmptiness(of: path)
        case .not(let a): return a.testsEmptiness(of: path)
        case .isTrue, .compare, .oneOf, .hasKind: return false
        }
    }
}
