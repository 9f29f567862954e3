import Mustache

/// A map as swift-mustache is given it (a layout's context, `theme`, `raw`, `markup`, a
/// choice): looked up by name as a dictionary is, but written whole (`{{theme}}`, `{{.}}`)
/// and enumerated in the order of its keys, where a `[String: Any]` writes and enumerates
/// its entries in hash order, which changes from one process to the next: the same form
/// drew different pages.
struct TemplateMap: MustacheParent, MustacheTransformable, CustomStringConvertible, CustomDebugStringConvertible {
    let values: [String: Any]

    func child(named name: String) -> Any? { values[name] }

    /// The entries by key, as the library's `enumerated` and `sorted` give a dictionary's.
    var entries: [(key: String, value: Any)] {
        values.map { (key: $0.key, value: $0.value) }.sorted { $0.key < $1.key }
    }

    /// The transforms the library has for a dictionary, in the order of the keys.
    func transform(_ name: String) -> Any? {
        switch name {
        case "count": values.count
        case "empty": values.isEmpty
        case "enumerated", "sorted": entries
        default: nil
        }
    }

    /// As a dictionary describes itself, its entries in the order of their keys.
    var description: String {
        guard !values.isEmpty else { return "[:]" }
        return "["
            + entries.map { String(reflecting: $0.key) + ": " + String(reflecting: $0.value) }.joined(separator: ", ")
            + "]"
    }

    var debugDescription: String { description }
}
