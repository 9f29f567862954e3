import ModelForm

/// The objects of a schema document that may be schemas, walked the same way for every
/// search (references, anchors, `$id`s): depth first in document order, never into the
/// keywords whose values are data (`enum`, `const`, `default`, `examples`).
enum SchemaWalk {
    /// Whether a keyword's value is data, not a schema.
    static func holdsData(_ keyword: String) -> Bool {
        keyword == "enum" || keyword == "const" || keyword == "default" || keyword == "examples"
    }

    /// Calls `visit` with each object below `value` (itself first) and its JSON pointer,
    /// until `visit` returns `false`.
    static func objects(in value: JSONValue, _ visit: (JSONObject, String) -> Bool) {
        var stopped = false
        func walk(_ value: JSONValue, _ pointer: String) {
            guard !stopped else { return }
            if let object = value.object {
                guard visit(object, pointer) else {
                    stopped = true
                    return
                }
                for (key, child) in object.pairs where !holdsData(key) {
                    walk(child, pointer + "/" + JSONParser.escape(key))
                }
            } else if let items = value.array {
                for (index, item) in items.enumerated() { walk(item, pointer + "/\(index)") }
            }
        }
        walk(value, "")
    }

    /// The subschema whose `$anchor` (or draft-07 `$id: "#name"`) is `name`, and its pointer.
    static func anchor(_ name: String, in value: JSONValue) -> (object: JSONObject, pointer: String)? {
        var found: (JSONObject, String)?
        objects(in: value) { object, pointer in
            guard object["$anchor"]?.string == name || object["$id"]?.string == "#" + name else { return true }
            found = (object, pointer)
            return false
        }
        return found
    }
}
