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

    /// Sets the value of a key of a record in place (no path to build).
    mutating func set(_ value: FormValue, forKey key: String, near position: Int = 0) throws(FormError) {
        guard case .record(var record) = self else {
            throw FormError.invalidPath(key, "\(kindName) has no property '\(key)'")
        }
        self = .null
        record.set(value, forKey: key, near: position)
        self = .record(record)
    }

    /// Removes the key a path ends with from the record that holds it (nothing when the path
    /// ends with an index or leads nowhere).
    package mutating func removeValue(at path: FormPath) {
        guard case .key(let key)? = path.components.last else { return }
        let parent = FormPath(Array(path.components.dropLast()))
        guard case .record(var record)? = self[parent], record[key] != nil else { return }
        record[key] = nil
        try? set(.record(record), at: parent)
    }

    /// Sets the value at a path. A key is added to a record that lacks it; a list index must
    /// exist; anything else under the path must already be a record or a list.
    public mutating func set(_ value: FormValue, at path: FormPath) throws(FormError) {
        try set(value, at: path.components[...], fullPath: path)
    }

    /// Sets in place: the container is taken out of `self` first, so the copy-on-write
    /// storage is uniquely referenced and a set costs no copy of the record or list.
    private mutating func set(_ value: FormValue, at components: ArraySlice<FormPath.Component>, fullPath: FormPath)
        throws(FormError)
    {
        guard let first = components.first else {
            self = value
            return
        }
        let rest = components.dropFirst()
        switch first {
        case .key(let key):
            guard case .record(var record) = self else {
                throw FormError.invalidPath(fullPath.description, "\(kindName) has no \(first.stepName)")
            }
            self = .null
            do throws(FormError) {
                try record.update(key) { (child: inout FormValue) throws(FormError) in
                    guard child == .null, let next = rest.first else {
                        try child.set(value, at: rest, fullPath: fullPath)
                        return
                    }
                    if case .index = next { child = .list([]) } else { child = .record(FormRecord()) }
                    do throws(FormError) { try child.set(value, at: rest, fullPath: fullPath) } catch {
                        child = .null
                        throw error
                    }
                }
            } catch {
                self = .record(record)
                throw error
            }
            self = .record(record)
        case .index(let index):
            guard case .list(var items) = self else {
                throw FormError.invalidPath(fullPath.description, "\(kindName) has no \(first.stepName)")
            }
            guard items.indices.contains(index) else {
                throw FormError.invalidPath(
                    fullPath.description, "index \(index) is out of range (\(items.count) items)")
            }
            self = .null
            do throws(FormError) {
                try items[index].set(value, at: rest, fullPath: fullPath)
            } catch {
                self = .list(items)
                throw error
            }
            self = .list(items)
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
