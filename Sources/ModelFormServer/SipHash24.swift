import Crypto

/// SipHash-2-4 (Aumasson and Bernstein, 2012): a keyed pseudorandom function for short
/// messages, 64 bits out. Without the 128-bit key its outputs cannot be computed, so a
/// guess at the message cannot be checked against one offline; with it, a 20-byte message
/// costs about 100 instructions, where HMAC-SHA256 costs two SHA-256 blocks and was 19% of
/// the `GET` of a 1,000-field page (perf). The page digests (``FormValueDigests``) use it.
/// Checked against the reference implementation's 64 test vectors.
struct SipHash24: Sendable {
    private let k0: UInt64
    private let k1: UInt64

    /// The function of the key `k0`, `k1` (the key's bytes read as two little-endian words).
    init(k0: UInt64, k1: UInt64) {
        self.k0 = k0
        self.k1 = k1
    }

    /// The function keyed by the first 16 bytes of `key` (a key of at least 16 bytes).
    init(key: SymmetricKey) {
        precondition(key.bitCount >= 128, "SipHash needs a key of 128 bits")
        (k0, k1) = key.withUnsafeBytes { raw in
            (
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            )
        }
    }

    /// The 64-bit SipHash-2-4 of `message`.
    func hash(_ message: UnsafeRawBufferPointer) -> UInt64 {
        var state = State(
            v0: k0 ^ 0x736f_6d65_7073_6575, v1: k1 ^ 0x646f_7261_6e64_6f6d,
            v2: k0 ^ 0x6c79_6765_6e65_7261, v3: k1 ^ 0x7465_6462_7974_6573)
        let count = message.count
        let whole = count - count % 8
        var offset = 0
        while offset < whole {
            state.absorb(UInt64(littleEndian: message.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        // The last word: the leftover bytes, and the message's length (mod 256) on top.
        var last = UInt64(truncatingIfNeeded: count) << 56
        for index in 0..<(count - whole) { last |= UInt64(message[whole + index]) << (8 * index) }
        state.absorb(last)
        state.v2 ^= 0xFF
        for _ in 0..<4 { state.round() }
        return state.v0 ^ state.v1 ^ state.v2 ^ state.v3
    }

    /// The four words of state.
    private struct State {
        var v0: UInt64
        var v1: UInt64
        var v2: UInt64
        var v3: UInt64

        /// One message word, with two rounds (the "2" of SipHash-2-4).
        @inline(__always)
        mutating func absorb(_ word: UInt64) {
            v3 ^= word
            round()
            round()
            v0 ^= word
        }

        @inline(__always)
        mutating func round() {
            v0 &+= v1
            v1 = v1.rotatedLeft(13) ^ v0
            v0 = v0.rotatedLeft(32)
            v2 &+= v3
            v3 = v3.rotatedLeft(16) ^ v2
            v0 &+= v3
            v3 = v3.rotatedLeft(21) ^ v0
            v2 &+= v1
            v1 = v1.rotatedLeft(17) ^ v2
            v2 = v2.rotatedLeft(32)
        }
    }
}

extension UInt64 {
    @inline(__always)
    fileprivate func rotatedLeft(_ bits: UInt64) -> UInt64 { self << bits | self >> (64 - bits) }
}
