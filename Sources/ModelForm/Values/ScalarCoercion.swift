import Foundation

/// Exact conversions from a ``FormValue`` to Swift scalars: no rounding, no overflow.
enum ScalarCoercion {
    static func coerce<T>(_ value: FormValue, to type: T.Type) -> T? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Bool.self): if case .bool(let b) = value { return b as? T }
        case ObjectIdentifier(String.self): if case .string(let s) = value { return s as? T }
        case ObjectIdentifier(Double.self): return value.doubleValue as? T
        case ObjectIdentifier(Float.self): return value.doubleValue.map { Float($0) } as? T
        case ObjectIdentifier(Int.self): return integer(value, Int.self) as? T
        case ObjectIdentifier(Int8.self): return integer(value, Int8.self) as? T
        case ObjectIdentifier(Int16.self): return integer(value, Int16.self) as? T
        case ObjectIdentifier(Int32.self): return integer(value, Int32.self) as? T
        case ObjectIdentifier(Int64.self): return integer(value, Int64.self) as? T
        case ObjectIdentifier(UInt.self): return integer(value, UInt.self) as? T
        case ObjectIdentifier(UInt8.self): return integer(value, UInt8.self) as? T
        case ObjectIdentifier(UInt16.self): return integer(value, UInt16.self) as? T
        case ObjectIdentifier(UInt32.self): return integer(value, UInt32.self) as? T
        case ObjectIdentifier(UInt64.self): return integer(value, UInt64.self) as? T
        default: break
        }
        return nil
    }

    static func integer<I: FixedWidthInteger>(_ value: FormValue, _ type: I.Type) -> I? {
        switch value {
        case .int(let n): return I(exactly: n)
        case .uint(let n): return I(exactly: n)
        case .double(let d): return I(exactly: d)
        default: return nil
        }
    }
}

extension FormValue {
    /// The value as a `Double`, for any numeric case.
    package var doubleValue: Double? {
        switch self {
        case .int(let n): return Double(n)
        case .uint(let n): return Double(n)
        case .double(let d): return d
        case .decimal(let d): return NSDecimalNumber(decimal: d).doubleValue
        default: return nil
        }
    }

    /// The value as a `Decimal`, for any numeric case.
    package var decimalValue: Decimal? {
        switch self {
        case .int(let n): return Decimal(n)
        case .uint(let n): return Decimal(n)
        case .double(let d): return Decimal(d)
        case .decimal(let d): return d
        default: return nil
        }
    }

    /// A short name of the case, for error messages: "text", "a number", "a list"...
    package var kindName: String {
        switch self {
        case .null: return "nothing"
        case .bool: return "a boolean"
        case .int, .uint, .double, .decimal: return "a number"
        case .string: return "text"
        case .date: return "a date"
        case .data: return "data"
        case .list: return "a list"
        case .record: return "a record"
        }
    }
}
