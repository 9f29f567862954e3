/// Where each key of a list of keys sits (a ``FormRecord``'s, a YAML mapping's while it is
/// read): a table of positions, 4 bytes a slot (open addressing, at most half full), where a
/// `[String: Int]` held each key again beside its position, 24 bytes a slot (at 100,000 keys
/// 1 MB where it took 6.3 MB). Up to ``linearLimit`` keys there is no table: the keys are
/// compared in order. The keys themselves stay where they are: each call says how many there
/// are and how to read the one at a position (`nil`: a position no key is looked up by).
package struct KeyPositions: Sendable {
    /// Each slot: 0 when empty, else a position plus one.
    private var slots: [UInt32] = []

    /// The most keys compared in order, without a table.
    static let linearLimit = 8

    package init() {}

    /// The position of `key` among `count` keys.
    @inline(__always)
    package func position(of key: String, count: Int, keyAt: (Int) -> String?) -> Int? {
        guard !slots.isEmpty else { return (0..<count).first { keyAt($0) == key } }
        let mask = slots.count - 1
        var slot = key.hashValue & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if keyAt(entry - 1) == key { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Notes the key at `count - 1`, just added after the others (not in the table before).
    package mutating func noteAppended(count: Int, keyAt: (Int) -> String?) {
        guard !slots.isEmpty || count > Self.linearLimit else { return }
        guard count * 2 <= slots.count else { return rebuild(count: count, room: count, keyAt: keyAt) }
        place(count - 1, keyAt: keyAt)
    }

    /// Makes room for `capacity` keys without growing the table again.
    package mutating func reserve(_ capacity: Int, count: Int, keyAt: (Int) -> String?) {
        guard capacity > Self.linearLimit, capacity * 2 > slots.count else { return }
        rebuild(count: count, room: capacity, keyAt: keyAt)
    }

    /// The table built again from `count` keys (after a key is removed, the positions after
    /// it move), with room for `room`.
    package mutating func rebuild(count: Int, room: Int = 0, keyAt: (Int) -> String?) {
        let wanted = Swift.max(count, room)
        guard wanted > Self.linearLimit else {
            slots = []
            return
        }
        var size = 16
        while size < wanted * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        for position in 0..<count { place(position, keyAt: keyAt) }
    }

    private mutating func place(_ position: Int, keyAt: (Int) -> String?) {
        guard let key = keyAt(position) else { return }
        let mask = slots.count - 1
        var slot = key.hashValue & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt32(position + 1)
    }
}

extension KeyPositions {
    // A record's keys, every position holding one.

    @inline(__always)
    func position(of key: String, in keys: [String]) -> Int? {
        position(of: key, count: keys.count) { keys[$0] }
    }

    mutating func noteAppended(to keys: [String]) { noteAppended(count: keys.count) { keys[$0] } }

    mutating func reserve(_ capacity: Int, keys: [String]) { reserve(capacity, count: keys.count) { keys[$0] } }

    mutating func rebuild(_ keys: [String]) { rebuild(count: keys.count) { keys[$0] } }
}
