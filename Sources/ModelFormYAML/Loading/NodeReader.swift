import Foundation
import ModelForm

/// Reads YAML nodes into typed values, collecting every problem as a diagnostic instead of
/// stopping at the first.
struct NodeReader {
    var diagnostics: [Diagnostic] = []
    /// Conditional rules read so far, checked once every form is loaded.
    var pendingRules: [PendingRule] = []
    /// The types a `lookup` may name (empty: any).
    var typeNames: [String] = []
    /// A related record's (or a to-many relationship's) `default` read so far, checked once every form is loaded (its
    /// fields are the related type's, which a later line may change).
    var pendingDefaults: [(field: Field, node: YAMLNode)] = []
    /// When set, a scalar value that does not parse for its field is kept here (with its
    /// path, text and location) instead of being an error: `render` draws it with its message.
    var unparsed: [UnparsedValue]?
    /// When set, a property the type does not declare is kept as it is written (a JSON
    /// Schema's data may carry properties its schema allows without naming them).
    var keepsUnknownProperties = false

    mutating func error(_ message: String, at node: YAMLNode) {
        diagnostics.append(Diagnostic(message, at: node.mark))
    }

    /// An error `offset` characters into a scalar (after its opening quote, if any).
    mutating func error(_ message: String, at node: YAMLNode, offset: Int) {
        var mark = node.mark
        mark.column += offset + (node.scalar?.isQuoted == true ? 1 : 0)
        diagnostics.append(Diagnostic(message, at: mark))
    }

    mutating func mapping(_ node: YAMLNode, _ what: String) -> [YAMLPair]? {
        if let pairs = node.mapping { return pairs }
        if node.isNull { return [] }
        error("\(what) must be a mapping, not \(node.kindName)", at: node)
        return nil
    }

    mutating func sequence(_ node: YAMLNode, _ what: String) -> [YAMLNode]? {
        if let items = node.sequence { return items }
        if node.isNull { return [] }
        error("\(what) must be a sequence, not \(node.kindName)", at: node)
        return nil
    }

    mutating func string(_ node: YAMLNode, _ what: String) -> String? {
        if let text = node.string, !node.isNull || node.scalar?.isQuoted == true { return text }
        if node.isNull { return "" }
        error("\(what) must be text, not \(node.kindName)", at: node)
        return nil
    }

    /// A string, or `nil` for null (FXForms' `NSNull`).
    mutating func optionalString(_ node: YAMLNode, _ what: String) -> String? {
        node.isNull ? "" : string(node, what)
    }

    mutating func bool(_ node: YAMLNode, _ what: String) -> Bool? {
        if let scalar = node.scalar, !scalar.isQuoted {
            switch scalar.value {
            case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "1": return true
            case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "0": return false
            default: break
            }
        }
        error("\(what) must be true or false, not '\(node.string ?? node.kindName)'", at: node)
        return nil
    }

    mutating func int(_ node: YAMLNode, _ what: String) -> Int? {
        if let scalar = node.scalar, !scalar.isQuoted, let value = Int(scalar.value) { return value }
        error("\(what) must be a whole number, not '\(node.string ?? node.kindName)'", at: node)
        return nil
    }

    mutating func double(_ node: YAMLNode, _ what: String) -> Double? {
        if let scalar = node.scalar, !scalar.isQuoted, TextChecks.isDecimalLiteral(scalar.value),
            let value = Double(scalar.value)
        {
            return value
        }
        error("\(what) must be a number, not '\(node.string ?? node.kindName)'", at: node)
        return nil
    }

    mutating func strings(_ node: YAMLNode, _ what: String) -> [String]? {
        guard let items = sequence(node, what) else { return nil }
        return items.compactMap { string($0, "an item of \(what)") }
    }

    /// The natural value of an untyped scalar (YAML core schema): null, booleans, integers,
    /// floats, else text. Sequences and mappings become lists and records.
    func untyped(_ node: YAMLNode) -> FormValue {
        switch node.kind {
        case .sequence(let items): return .list(items.map(untyped))
        case .mapping(let pairs): return .record(FormRecord(pairs.map { ($0.key.string ?? "", untyped($0.value)) }))
        case .scalar(let scalar):
            if scalar.isQuoted { return .string(scalar.value) }
            if node.isNull { return .null }
            switch scalar.value {
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: break
            }
            if let value = Int64(scalar.value) { return .int(value) }
            if TextChecks.isDecimalLiteral(scalar.value), let value = Double(scalar.value) { return .double(value) }
            return .string(scalar.value)
        }
    }
}
