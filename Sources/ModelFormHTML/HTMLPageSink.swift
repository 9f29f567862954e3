import ModelForm

/// Where a page drawn in pieces goes: the renderer hands its writer here after each row of
/// the form's top level, and once the writer holds `piece` bytes they are written out and
/// forgotten, so that a page of 100,000 fields is never held whole. A piece always ends
/// after a whole row's markup, so it never cuts a character. The first error `write` throws
/// is kept (``HTMLRenderer/render(_:piecesOf:into:)`` rethrows it) and nothing more is written.
final class HTMLPageSink {
    private let piece: Int
    private let write: (UnsafeBufferPointer<UInt8>) throws -> Void
    private(set) var failure: (any Error)?
    /// The form whose root rows are made while they are drawn, if the page draws one.
    let streamed: StreamedForm?

    init(piece: Int, write: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void, streamed: StreamedForm? = nil) {
        self.piece = piece
        self.write = write
        self.streamed = streamed
    }

    /// Writes out what `writer` holds once it is a piece or more.
    func drain(_ writer: inout HTMLWriter) {
        guard writer.byteCount >= piece else { return }
        flush(&writer)
    }

    /// Writes out what `writer` holds.
    func flush(_ writer: inout HTMLWriter) {
        if failure == nil {
            do { try writer.withUTF8(write) } catch { failure = error }
        }
        writer.removeAll()
    }
}
