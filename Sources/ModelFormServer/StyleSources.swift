import Crypto
import Foundation
import Synchronization

/// The `style-src` of each style sheet a server's pages carry, hashed once: a page's
/// `<style>` text is found by a byte scan that stops at its end (it comes first in the
/// page's head) and compared with the sheets hashed before, so a response costs a compare,
/// not a SHA-256 of the sheet or a search of the whole page. At most ``limit`` sheets are
/// kept (a server draws one per theme); past that the oldest goes.
final class StyleSources: Sendable {
    /// The most style sheets kept.
    static let limit = 8
    private let known = Mutex<[(sheet: [UInt8], source: String)]>([])

    /// `'sha256-…'` of the page's `<style>` element's text (as the browser hashes it), or
    /// `'none'` for a page without one.
    func source(of bytes: UnsafeBufferPointer<UInt8>) -> String {
        let (open, close) = (Array("<style>".utf8), Array("</style>".utf8))
        guard let start = Self.end(of: open, in: bytes, from: 0),
            let end = Self.end(of: close, in: bytes, from: start)
        else { return "'none'" }
        let sheet = UnsafeBufferPointer(rebasing: bytes[start..<(end - close.count)])
        return known.withLock { known in
            if let hashed = known.first(where: { Self.same($0.sheet, sheet) }) { return hashed.source }
            let source = "'sha256-" + Data(SHA256.hash(data: sheet)).base64EncodedString() + "'"
            if known.count == Self.limit { known.removeFirst() }
            known.append((Array(sheet), source))
            return source
        }
    }

    private static func same(_ known: [UInt8], _ sheet: UnsafeBufferPointer<UInt8>) -> Bool {
        known.count == sheet.count
            && known.withUnsafeBufferPointer { known in
                guard let a = known.baseAddress, let b = sheet.baseAddress else { return true }
                return memcmp(a, b, sheet.count) == 0
            }
    }

    /// The index just past the first `needle` in `bytes` at or after `start`: its first byte
    /// found by C's `memchr` (many bytes at a time; a sheet has few `<`), then compared.
    private static func end(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, let first = needle.first else { return nil }
        var index = start
        while bytes.count - index >= needle.count {
            guard let found = memchr(base + index, Int32(first), bytes.count - index - needle.count + 1) else {
                return nil
            }
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let matches = needle.withUnsafeBytes { needle in
                needle.baseAddress.map { memcmp(base + index, $0, needle.count) == 0 } ?? false
            }
            if matches { return index + needle.count }
            index += 1
        }
        return nil
    }
}
