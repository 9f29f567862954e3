import ModelForm
import ModelFormYAML

extension FuzzModels {
    /// A values file of any one JSON value (a type whose one property is free JSON, read
    /// and written as the value alone).
    public static let freeJSONFormat: ValuesFileFormat = {
        fixture {
            let types = "types:\n  Document:\n    value: JSON\n"
            var format = ValuesFileFormat(
                typeName: "Document",
                configs: ConfigDictionary(try TypeDefinitionLoader.load(text: types, file: "splice.types.yaml")))
            format.wrapsValue = true
            format.omitsAbsentValues = true
            return format
        }
    }()

    /// Every scalar leaf (text, number, yes/no) with its path, in the document's order.
    public static func scalars(_ value: FormValue, at path: FormPath = FormPath()) -> [(FormPath, FormValue)] {
        switch value {
        case .record(let record):
            return record.pairs.flatMap { scalars($0.value, at: path.appending(.key($0.key))) }
        case .list(let items):
            return items.enumerated().flatMap { scalars($0.element, at: path.appending(.index($0.offset))) }
        case .string, .int, .uint, .bool, .double, .decimal: return path.isRoot ? [] : [(path, value)]
        default: return []
        }
    }

    /// A value of the same kind that differs.
    public static func other(than value: FormValue) -> FormValue {
        switch value {
        case .string(let text): .string(text + "x")
        case .int(let number): .int(number &+ 1)
        case .uint(let number): .uint(number &+ 1)
        case .bool(let flag): .bool(!flag)
        case .double(let number): .double(number + 1)
        default: .string("x")
        }
    }
}
