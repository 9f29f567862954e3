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

    /// How many probe values a type that decodes one value is offered.
    static let probeCandidateCount = stringCandidates.count

    /// The texts a one-value type is offered while probing, in turn, until its decoder
    /// accepts one: empty, numbers, a word, and the shapes validating wrappers most often
    /// want (an email address, a URL, a colour, a UUID, a date, an amount with a unit).
    static let stringCandidates = [
        "", "0", "a", "1", "a@example.com", "https://example.com/", "#000000",
        "00000000-0000-0000-0000-000000000000", "2000-01-01", "0 C",
    ]

    /// The probe value of a primitive type for an attempt (``placeholder(_:)`` first).
    static func candidate(_ type: Any.Type, attempt: Int) -> Any? {
        guard attempt > 0 else { return placeholder(type) }
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(String.self): return stringCandidates[attempt % stringCandidates.count]
        case ObjectIdentifier(Bool.self): return attempt % 2 == 1
        case ObjectIdentifier(Int.self): return attempt % 3 == 1 ? 1 : attempt % 3 == 2 ? -1 : 0
        case ObjectIdentifier(Double.self): return attempt % 3 == 1 ? 1.0 : attempt % 3 == 2 ? -1.0 : 0.0
        default: return placeholder(type)
        }
    }

    /// The probe values offered to a one-value type of `type`, for a message.
    static func candidateList(for type: ValueType) -> String {
        switch type {
        case .string: return stringCandidates.map { "\"\($0)\"" }.joined(separator: ", ")
        case .bool: return "false, true"
        case .integer, .float: return "0, 1, -1"
        default: return "its empty value"
        }
    }
}
