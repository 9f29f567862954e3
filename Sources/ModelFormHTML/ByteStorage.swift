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
    ///
    /// The standard library checks bytes it makes a `String` of: a buffer of ASCII a word at a
    /// time, but one with any other byte (a name's `é`) a byte at a time, which was a fifth of
    /// a render. So a page of ASCII (the renderer writes its own other characters as
    /// references: ``HTMLGlyphs``) is copied into its string at once; in a page with other
    /// bytes the ASCII runs are made strings apart, and only the stretches around other bytes
    /// take the byte-at-a-time check (the bytes are valid UTF-8 either way: a writer appends
    /// only strings' bytes and ASCII).
    var string: String {
        guard let first = nextNonASCII(from: 0) else { return asciiString }
        var result = String()
        result.reserveCapacity(count)
        // In pieces of at most `piece` bytes, cut where a character starts, so that the copy
        // made on the way costs little memory beside the page and its string.
        func add(_ start: Int, _ end: Int) {
            var start = start
            while start < end {
                var cut = Swift.min(end, start + Self.piece)
                while cut < end, cut > start + 1, base[cut] & 0xC0 == 0x80 { cut -= 1 }
                result += String(decoding: UnsafeBufferPointer(start: base + start, count: cut - start), as: UTF8.self)
                start = cut
            }
        }
        var pending = 0
        var next: Int? = first
        while let other = next {
            add(pending, other)
            // The stretch of other bytes, with the ASCII between them up to a short gap.
            var end = other
            var gap = 0
            while end < count, gap < Self.shortGap {
                gap = base[end] < 0x80 ? gap + 1 : 0
                end += 1
            }
            end -= gap
            add(other, end)
            pending = end
            next = nextNonASCII(from: end)
        }
        add(pending, count)
        return result
    }

    /// The bytes so far when all are ASCII: copied once into a string of their size, which
    /// the standard library checks a word at a time (the 290 KB page of 1,000 fields: 0.49 M
    /// instructions by callgrind, most of them the copy, where the pieces above took 0.92 M).
    private var asciiString: String {
        String(unsafeUninitializedCapacity: count) { buffer in
            if let start = buffer.baseAddress { start.initialize(from: base, count: count) }
            return count
        }
    }

    /// Calls `body` with the bytes so far.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The most bytes made a string at once.
    private static let piece = 1 << 16

    /// ASCII between two other bytes shorter than this is checked with them, not made a
    /// string of its own.
    private static let shortGap = 64

    /// The index of the first byte past ASCII at or after `start`, read a word at a time.
    private func nextNonASCII(from start: Int) -> Int? {
        var index = start
        let raw = UnsafeRawPointer(base)
        let high: UInt64 = 0x8080_8080_8080_8080
        // Four words a step (a third of the instructions of one), then one at a time.
        while index + 32 <= count {
            let a = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let b = raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
            let c = raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
            let d = raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
            if (a | b | c | d) & high != 0 { break }
            index += 32
        }
        while index + 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & high == 0 { index += 8 }
        while index < count {
            if base[index] >= 0x80 { return index }
            index += 1
        }
        return nil
    }

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

    /// Appends `source`. A short run is copied here, not by a `memcpy` call: up to 7 bytes
    /// one by one, up to 32 a word at a time, the last word ending where the run ends (it may
    /// overlap the one before), so that no byte past either run is read or written.
    @inline(__always)
    func append(_ source: UnsafeBufferPointer<UInt8>) {
        let length = source.count
        guard length > 0, let from = source.baseAddress else { return }
        reserve(length)
        let to = base + count
        if length < 8 {
            for index in 0..<length { to[index] = from[index] }
        } else if length <= 32 {
            let source = UnsafeRawPointer(from)
            let target = UnsafeMutableRawPointer(to)
            var offset = 0
            while offset + 8 < length {
                target.storeBytes(
                    of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset,
                    as: UInt64.self)
                offset += 8
            }
            let last = length - 8
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: last, as: UInt64.self), toByteOffset: last, as: UInt64.self)
        } else {
            to.update(from: from, count: length)
        }
        count += length
    }

    /// Appends a literal's bytes (a literal of one scalar may be held as that scalar).
    @inline(__always)
    func append(_ literal: StaticString) {
        guard literal.hasPointerRepresentation else { return literal.withUTF8Buffer { append($0) } }
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// ` name="` for a literal name, with one check for room (a value and its closing quote
    /// follow).
    @inline(__always)
    func appendAttributeStart(_ name: StaticString) {
        guard name.hasPointerRepresentation else {
            append(UInt8(ascii: " "))
            append(name)
            append(UInt8(ascii: "="))
            append(UInt8(ascii: "\""))
            return
        }
        let length = name.utf8CodeUnitCount
        reserve(length + 3)
        let to = base + count
        to[0] = UInt8(ascii: " ")
        for index in 0..<length { to[index + 1] = name.utf8Start[index] }
        to[length + 1] = UInt8(ascii: "=")
        to[length + 2] = UInt8(ascii: "\"")
        count += length + 3
    }

    /// Drops the bytes after the first `newCount`.
    func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count)
        count = newCount
    }
}
