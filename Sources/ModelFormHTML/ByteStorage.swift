/// The bytes an ``HTMLWriter`` has written: one growing allocation it appends to directly.
/// `[UInt8].append(contentsOf:)` costs about a hundred instructions a call, and the renderer
/// makes tens of thousands of short appends per form; here a short append is a bounds check
/// and a copy loop.
///
/// A writer owns its storage and copies it before changing it while another writer shares
/// it (``HTMLWriter`` checks with `isKnownUniquelyReferenced`), so storage is never changed
/// while shared: hence `@unchecked Sendable`.
final class ByteStorage: @unchecked Sendable {
    private(set) var count = 0
    private var capacity: Int
    private var base: UnsafeMutablePointer<UInt8>

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// A storage holding the same bytes.
    func copy() -> ByteStorage {
        let copy = ByteStorage(capacity: capacity)
        copy.base.update(from: base, count: count)
        copy.count = count
        return copy
    }

    /// The bytes so far, as UTF-8 text.
    var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
        let newCapacity = Swift.max(needed, capacity * 2)
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends `source`; short runs are copied byte by byte (cheaper than a `memcpy` call).
    @inline(__always)
    func append(_ source: UnsafeBufferPointer<UInt8>) {
        let length = source.count
        guard length > 0, let from = source.baseAddress else { return }
        reserve(length)
        let to = base + count
        if length <= 32 {
            for index in 0..<length { to[index] = from[index] }
        } else {
            to.update(from: from, count: length)
        }
        count += length
    }

    /// Appends a literal's bytes.
    func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append($0) }
    }

    /// Drops the bytes after the first `newCount`.
    func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count)
        count = newCount
    }
}
