import Foundation

extension JSONValue {
    /// The value tree a form holds for this JSON: objects as records in their order, whole
    /// numbers as integers, other numbers as `Double` (as `Decimal` where a `Double` would
    /// change the number written).
    public var formValue: FormValue {
        switch self {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .string(let text): return .string(text)
        case .number(let number): return number.formValue
        case .array(let items): return .list(items.map(\.formValue))
        case .object(let object): return .record(FormRecord(object.pairs.map { ($0.key, $0.value.formValue) }))
        }
    }

    /// The JSON of a form's value tree: dates as ISO 8601 text, data as base64 text.
    public init(_ value: FormValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int, .uint, .double, .decimal:
            self = JSONNumber(value.plainText).map(JSONValue.number) ?? .string(value.plainText)
        case .string(let text): self = .string(text)
        case .date(let date): self = .string(ISODate.formatDateTime(date))
        case .data(let data): self = .string(data.base64EncodedString())
        case .list(let items): self = .array(items.map(JSONValue.init))
        case .record(let record): self = .object(JSONObject(record.pairs.map { ($0.key, JSONValue($0.value)) }))
        }
    }
}

extension JSONNumber {
    /// The number as a form holds it (see ``JSONValue/formValue``).
    var formValue: FormValue {
        if isInteger, !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
            if let value = Int64(text) { return .int(value) }
            if let value = UInt64(text) { return .uint(value) }
        }
        if JSONNumber(double).text == text || !double.isFinite { return .double(double) }
        if let decimal { return .decimal(decimal) }
        return .double(double)
    }
}

extension JSONValue: Codable {
    /// The JSON a decoder holds: `null`, a boolean, a number, a string, an array or an
    /// object (a decoder that keeps no key order gives the keys sorted).
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: JSONKey.self) {
            // A decoder's keys come in no promised order: sorted, so the value is the same
            // on every run (a form's own decoding keeps the data's order).
            var members = JSONObject()
            for key in object.allKeys.map(\.stringValue).sorted() {
                members[key] = try object.decode(JSONValue.self, forKey: JSONKey(key))
            }
            self = .object(members)
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if let whole = try? single.decode(Int64.self) {
            self = .number(JSONNumber(Int(whole)))
        } else if let number = try? single.decode(Double.self) {
            guard number.isFinite else {
                throw DecodingError.dataCorruptedError(in: single, debugDescription: "\(number) is not a JSON number")
            }
            self = .number(JSONNumber(number))
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Encodes the JSON as it is: objects keyed in their order, numbers as `Int64` when whole
    /// and in range, else as `Double`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let flag):
            var single = encoder.singleValueContainer()
            try single.encode(flag)
        case .string(let text):
            var single = encoder.singleValueContainer()
            try single.encode(text)
        case .number(let number):
            var single = encoder.singleValueContainer()
            if case .int(let whole) = number.formValue {
                try single.encode(whole)
            } else {
                try single.encode(number.double)
            }
        case .array(let items):
            var array = encoder.unkeyedContainer()
            for item in items { try array.encode(item) }
        case .object(let object):
            var container = encoder.container(keyedBy: JSONKey.self)
            for (key, value) in object.pairs { try container.encode(value, forKey: JSONKey(key)) }
        }
    }
}

/// A member name as a coding key.
private struct JSONKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ key: String) { stringValue = key }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
