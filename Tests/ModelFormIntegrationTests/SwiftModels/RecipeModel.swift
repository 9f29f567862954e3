import Foundation

/// The recipe model: types that encode themselves as one value (a validating
/// `Temperature`, a plain `Colour` wrapper), an optional and a list of each, a dictionary,
/// an enum with payloads and a nested list.
struct Temperature: Codable, Hashable, Sendable {
    enum Scale: String, Codable, Sendable {
        case celsius = "C"
        case fahrenheit = "F"
    }
    var degrees: Int
    var scale: Scale

    init(degrees: Int, scale: Scale) {
        self.degrees = degrees
        self.scale = scale
    }

    struct Invalid: Error, CustomStringConvertible {
        var text: String
        var description: String { "'\(text)' is not a temperature such as 180 C" }
    }

    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        let parts = text.split(separator: " ")
        guard parts.count == 2, let degrees = Int(parts[0]), let scale = Scale(rawValue: String(parts[1])) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: Invalid(text: text).description))
        }
        self.init(degrees: degrees, scale: scale)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode("\(degrees) \(scale.rawValue)")
    }
}

struct Colour: Codable, Hashable, Sendable {
    var hex: String
    init(hex: String) { self.hex = hex }
    init(from decoder: any Decoder) throws { hex = try decoder.singleValueContainer().decode(String.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}

enum Servings: Codable, Hashable, Sendable {
    case people(Int)
    case pieces(count: Int, size: String)
}

struct Recipe: Codable, Hashable, Sendable {
    var title = "Bread"
    var ovenTemperature = Temperature(degrees: 180, scale: .celsius)
    var colour = Colour(hex: "#c08040")
    var restingTemperature: Temperature? = Temperature(degrees: 25, scale: .celsius)
    var steps: [Temperature] = [Temperature(degrees: 220, scale: .celsius), Temperature(degrees: 200, scale: .celsius)]
    var palette: [Colour] = [Colour(hex: "#ffffff")]
    var nutrition: [String: String] = ["fat": "3 g", "salt": "1 g", "sugar": "2 g", "fibre": "4 g"]
    var servings = Servings.people(4)
    var stages: [[String]] = [["mix", "knead"], ["bake"]]
    var url = "https://example.com/bread"
}
