import Foundation

extension FormValue {
    /// A scalar Swift value as a ``FormValue`` (enum raw values, option bits, defaults).
    init?(scalar value: Any) {
        switch value {
        case let value as String: self = .string(value)
        case let value as Substring: self = .string(String(value))
        case let value as Character: self = .string(String(value))
        case let value as UUID: self = .string(value.uuidString)
        case let value as Bool: self = .bool(value)
        case let value as Double: self = .double(value)
        case let value as Float: self = .double(Double(value))
        case let value as Decimal: self = .decimal(value)
        case let value as Date: self = .date(value)
        case let value as URL: self = .string(value.absoluteString)
        case let value as Data: self = .data(value)
        case let value as any SignedInteger:
            guard let value = Int64(exactly: value) else { return nil }
            self = .int(value)
        case let value as any UnsignedInteger:
            guard let value = UInt64(exactly: value) else { return nil }
            self = .uint(value)
        default: return nil
        }
    }
}
