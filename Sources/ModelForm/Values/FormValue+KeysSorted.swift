extension FormValue {
    /// The value with every record's keys in sorted order: what two readings of the same
    /// values in another order have in common.
    package var keysSorted: FormValue {
        switch self {
        case .list(let items): return .list(items.map(\.keysSorted))
        case .record(let record):
            let pairs = zip(record.keys, record.values).sorted { $0.0 < $1.0 }
            return .record(FormRecord(pairs.map { ($0.0, $0.1.keysSorted) }))
        default: return self
        }
    }
}

extension FormValue {
    /// The value without the keys whose value is `null`, in every record: what a file that
    /// writes a key with no value and one that leaves it out have in common.
    package var withoutNulls: FormValue {
        switch self {
        case .list(let items): return .list(items.map(\.withoutNulls))
        case .record(let record):
            return .record(FormRecord(record.pairs.filter { $0.1 != .null }.map { ($0.0, $0.1.withoutNulls) }))
        default: return self
        }
    }
}
