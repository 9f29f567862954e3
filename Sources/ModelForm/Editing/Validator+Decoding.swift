import Foundation

extension Validator {
    /// Adds a whole-model check that the values decode as `Model` through its own
    /// `Decodable`: a type that validates in its initializer (a `Temperature` that must read
    /// `"180 C"`) refuses a value as a field error at the value's path, with the
    /// initializer's own message, before anything is committed or saved.
    ///
    /// ```swift
    /// var environment = FormEnvironment()
    /// environment.validator.addDecodingCheck(Recipe.self)
    /// ```
    public mutating func addDecodingCheck<Model: Decodable & SendableMetatype>(_ type: Model.Type) {
        addModelCheck { values in
            do {
                _ = try FormValueDecoder().decode(type, from: values)
                return []
            } catch {
                return [Self.fieldError(decoding: error)]
            }
        }
    }

    /// A decoding error as a field error at its coding path (rule `type`).
    package static func fieldError(decoding error: any Error) -> FieldError {
        guard let decoding = error as? DecodingError else {
            return FieldError(path: FormPath(), rule: "type", message: String(describing: error))
        }
        let context: DecodingError.Context
        switch decoding {
        case .dataCorrupted(let found), .typeMismatch(_, let found), .valueNotFound(_, let found): context = found
        case .keyNotFound(let key, let found):
            return FieldError(
                path: path(found.codingPath + [key]), rule: "required", message: "is required")
        @unknown default:
            return FieldError(path: FormPath(), rule: "type", message: String(describing: error))
        }
        return FieldError(path: path(context.codingPath), rule: "type", message: context.debugDescription)
    }

    /// A coding path as a form path: keys, and list indices (`Index 2`).
    private static func path(_ codingPath: [any CodingKey]) -> FormPath {
        FormPath(codingPath.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) })
    }
}
