extension FormValue {
    /// The value at a path, or `nil` when the path leads nowhere.
    public subscript(path: FormPath) -> FormValue? {
        var current = self
        for component in path.components {
            switch (component, current) {
            case (.key(let key), .record(let record)):
                guard let next = record[key] else { return nil }
                current = next
            case (.index(let index), .list(let items)):
                guard items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// Sets the value at a path. A key is added to a record that lacks it; a list index must
    /// exist; anything else under the path must already be a record or a list.
    public mutating func set(_ value: FormValue, at path: FormPath) throws(FormError) {
        try set(value, at: path.components[...], fullPath: path)
    }

    private mutating func set(_ value: FormValue, at components: ArraySlice<FormPath.Component>, fullPath: FormPath) throws(FormError) {
        guard let first = components.first else {
            self = value
            return
        }
        let rest = components.dropFirst()
        switch (first, self) {
        case (.key(let key), .record(var record)):
            var child = record[key] ?? .null
            if child == .null && !rest.isEmpty { child = rest.first.map { if case .index = $0 { .list([]) } else { .record([:]) } }! }
            try child.set(value, at: rest, fullPath: fullPath)
            record[key] = child
            self = .record(record)
        case (.index(let index), .list(var items)):
            guard items.indices.contains(index) else {
                throw FormError.invalidPath(fullPath.description, "index \(index) is out of range (\(items.count) items)")
            }
            try items[index].set(value, at: rest, fullPath: fullPath)
            self = .list(items)
        default:
            throw FormError.invalidPath(fullPath.description, "\(kindName) has no \(first.stepName)")
        }
    }
}

extension FormPath.Component {
    var stepName: String {
        switch self {
        case .key(let key): return "property '\(key)'"
        case .index(let index): return "item \(index)"
        }
    }
}
