/// A value behind one reference, for value types copied far more often than they change
/// (``Field``, ``CellContext``): copies share it, and a change copies it first when it is
/// shared. It holds only a Sendable value and is never changed while shared (every change
/// goes through ``modify(_:_:)``), hence `@unchecked Sendable`.
final class SharedValue<Value: Sendable>: @unchecked Sendable {
    var value: Value

    init(_ value: Value) { self.value = value }

    /// Changes the value in `box`, copying it first when another holder shares it.
    static func modify(_ box: inout SharedValue, _ change: (inout Value) -> Void) {
        if !isKnownUniquelyReferenced(&box) { box = SharedValue(box.value) }
        change(&box.value)
    }
}
