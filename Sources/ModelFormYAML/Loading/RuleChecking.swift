import ModelForm

/// A conditional rule read from a forms file, checked once every form is loaded (its paths
/// may name fields that later lines add or change).
struct PendingRule {
    var typeName: String
    var fieldKey: String?
    var setting: String
    var condition: Condition
    var places: ConditionPlaces
    var node: YAMLNode
}

extension NodeReader {
    /// Checks every pending rule against the loaded forms (paths, types, options, and
    /// fields whose rules depend on themselves), and each related record's `default`
    /// against the related form.
    mutating func checkPendingRules(in configs: ConfigDictionary) {
        for rule in pendingRules {
            for issue in ConditionChecker.issues(
                rule.condition, places: rule.places, typeName: rule.typeName, configs: configs)
            {
                error("\(rule.setting): \(issue.message)", at: rule.node, offset: issue.offset)
            }
        }
        reportCycles()
        pendingRules = []
        for (field, node) in pendingDefaults {
            do throws(FieldError) {
                _ = try configs.conforming(field.defaultValue ?? .null, to: field, at: FormPath())
            } catch {
                self.error("invalid default: \(error.path): \(error.message)", at: node)
            }
        }
        pendingDefaults = []
    }

    /// A field's rules that read fields whose rules read it back (in the same form).
    private mutating func reportCycles() {
        var edges: [String: [String: Set<String>]] = [:]
        var firstNode: [String: [String: PendingRule]] = [:]
        for rule in pendingRules {
            guard let key = rule.fieldKey else { continue }
            for path in rule.condition.paths {
                if case .key(let target)? = path.components.first {
                    edges[rule.typeName, default: [:]][key, default: []].insert(target)
                }
            }
            if firstNode[rule.typeName]?[key] == nil { firstNode[rule.typeName, default: [:]][key] = rule }
        }
        for (typeName, graph) in edges.sorted(by: { $0.key < $1.key }) {
            var reported: Set<String> = []
            for start in graph.keys.sorted() where !reported.contains(start) {
                guard let cycle = Self.cycle(from: start, in: graph) else { continue }
                reported.formUnion(cycle)
                if let rule = firstNode[typeName]?[start] {
                    error(
                        "\(rule.setting): '\(start)' depends on itself through rules: \((cycle + [start]).joined(separator: " → "))",
                        at: rule.node)
                }
            }
        }
    }

    /// A path of keys from `start` back to `start`, if there is one (depth first, no recursion).
    private static func cycle(from start: String, in graph: [String: Set<String>]) -> [String]? {
        var stack: [(key: String, trail: [String])] = [(start, [start])]
        var seen: Set<String> = []
        while let (key, trail) = stack.popLast() {
            for next in (graph[key] ?? []).sorted() {
                if next == start { return trail }
                if seen.insert(next).inserted { stack.append((next, trail + [next])) }
            }
        }
        return nil
    }
}
