/// Where each key of a ``FormRecord`` sits in its keys: a table of positions, 4 bytes a slot
/// (open addressing, at most half full), where a `[String: Int]` held each key again beside
/// its position, 24 bytes a slot (at 100,000 keys 1 MB where it took 6.3 MB). A record of up
/// to ``linearLimit`` keys has no table: its keys are compared in order.
struct KeyPositions: Sendable {
    /// Each slot: 0 when empty, else a position plus one.
    private var slots: [UInt32] = []

    /// The most keys a record holds without a table.
    static let linearLimit = 8

    /// The position of `key` in `keys` (the keys the table was built from).
    @inline(__always)
    func position(of key: String, in keys: [String]) -> Int? {
        guard !slots.isEmpty else { return keys.firstIndex(of: key) }
        let mask = slots.count - 1
        var slot = key.hashValue & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if keys[entry - 1] == key { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Notes the key `keys` just gained at its end (`keys.last`, not in the table before).
    mutating func noteAppended(to keys: [String]) {
        guard !slots.isEmpty || keys.count > Self.linearLimit else { return }
        guard keys.count * 2 <= slots.count else { return rebuild(keys, room: keys.count) }
        place(keys.count - 1, of: keys)
    }

    /// Makes room for `capacity` keys without growing the table again.
    mutating func reserve(_ capacity: Int, keys: [String]) {
        guard capacity > Self.linearLimit, capacity * 2 > slots.count else { return }
        rebuild(keys, room: capacity)
    }

    /// The table built again from `keys` (after a key is removed, the positions after it move).
    mutating func rebuild(_ keys: [String], room: Int = 0) {
        let wanted = Swift.max(keys.count, room)
        guard wanted > Self.linearLimit else {
            slots = []
            return
        }
        var size = 16
        while size < wanted * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        for position in keys.indices { place(position, of: keys) }
    }

    private mutating func place(_ position: Int, of keys: [String]) {
        let mask = slots.count - 1
        var slot = keys[position].hashValue & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt32(position + 1)
    }
}
