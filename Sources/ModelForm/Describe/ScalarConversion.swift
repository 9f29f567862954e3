import Foundation

/// Converting between Swift scalars and ``FormValue``.
enum ScalarConversion {
    /// The primitive value type for a Swift type, or `nil` when it is not a primitive.
    static func primitiveType(_ type: Any.Type) -> ValueType? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(String.self), ObjectIdentifier(Substring.self),
            ObjectIdentifier(Character.self), ObjectIdentifier(UUID.self):
            return .string
        case ObjectIdentifier(Bool.self): return .bool
        case ObjectIdentifier(Int.self): return .integer(bits: Int.bitWidth)
        case ObjectIdentifier(Int8.self): return .integer(bits: 8)
        case ObjectIdentifier(Int16.self): return .integer(bits: 16)
        case ObjectIdentifier(Int32.self): return .integer(bits: 32)
        case ObjectIdentifier(Int64.self): return .integer(bits: 64)
        case ObjectIdentifier(UInt.self): return .unsigned(bits: UInt.bitWidth)
        case ObjectIdentifier(UInt8.self): return .unsigned(bits: 8)
        case ObjectIdentifier(UInt16.self): return .unsigned(bits: 16)
        case ObjectIdentifier(UInt32.self): return .unsigned(bits: 32)
        case ObjectIdentifier(UInt64.self): return .unsigned(bits: 64)
        case ObjectIdentifier(Double.self): return .float(bits: 64)
        case ObjectIdentifier(Float.self): return .float(bits: 32)
        case ObjectIdentifier(Decimal.self): return .decimal
        case ObjectIdentifier(Date.self): return .date
        case ObjectIdentifier(URL.self): return .url
        case ObjectIdentifier(Data.self): return .data
        case ObjectIdentifier(JSONValue.self): return .json
        default: return nil
        }
    }

    /// A placeholder value of a primitive type (used while probing a `Decodable` type).
    static func placeholder(_ type: Any.Type) -> Any? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(String.self): return ""
        case ObjectIdentifier(Substring.self): return Substring("")
        case ObjectIdentifier(Character.self): return Character(" ")
        case ObjectIdentifier(UUID.self): return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        case ObjectIdentifier(Bool.self): return false
        case ObjectIdentifier(Int.self): return 0 as Int
        case ObjectIdentifier(Int8.self): return 0 as Int8
        case ObjectIdentifier(Int16.self): return 0 as Int16
        case ObjectIdentifier(Int32.self): return 0 as Int32
        case ObjectIdentifier(Int64.self): return 0 as Int64
        case ObjectIdentifier(UInt.self): return 0 as UInt
        case ObjectIdentifier(UInt8.self): return 0 as UInt8
        case ObjectIdentifier(UInt16.self): return 0 as UInt16
        case ObjectIdentifier(UInt32.self): return 0 as UInt32
        case ObjectIdentifier(UInt64.self): return 0 as UInt64
        case ObjectIdentifier(Double.self): return 0 as Double
        case ObjectIdentifier(Float.self): return 0 as Float
        case ObjectIdentifier(Decimal.self): return Decimal(0)
        case ObjectIdentifier(Date.self): return Date(timeIntervalSinceReferenceDate: 0)
        case ObjectIdentifier(URL.self): return URL(fileURLWithPath: "/")
        case ObjectIdentifier(Data.self): return Data()
        case ObjectIdentifier(JSONValue.self): return JSONValue.null
        default: return nil
        }
    }
}
