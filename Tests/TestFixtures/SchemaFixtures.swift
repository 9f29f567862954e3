/// JSON Schemas the tests share.
public enum SchemaFixtures {
    /// An order: a name, a quantity in fives, notes, a price and a shipping address.
    public static let order = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "Order",
          "type": "object",
          "required": ["name", "quantity"],
          "properties": {
            "name": {"type": "string", "minLength": 2},
            "quantity": {"type": "integer", "exclusiveMinimum": 0, "multipleOf": 5},
            "notes": {"type": "string"},
            "price": {"type": "number", "exclusiveMinimum": 0},
            "shipping": {
              "type": "object",
              "properties": {"city": {"type": "string"}, "floor": {"type": "number", "exclusiveMaximum": 10}}
            }
          }
        }
        """
}
