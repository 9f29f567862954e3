import Foundation

/// Reads a `multipart/form-data` body (what an HTML form with a file input sends).
package enum MultipartForm {
    /// One part of the body.
    package struct Part: Hashable, Sendable {
        /// The field name.
        package var name: String
        /// The file name, for file parts.
        package var filename: String?
        /// The part's content type, if given.
        package var contentType: String?
        /// The content.
        package var data: Data
    }

    /// The boundary of a `Content-Type: multipart/form-data; boundary=...` header value.
    package static func boundary(fromContentType contentType: String) -> String? {
        parameters(contentType)["boundary"]
    }

    /// The parts of a body; `nil` when it is not valid multipart for this boundary.
    package static func parts(_ body: Data, boundary: String) -> [Part]? {
        let delimiter = Data("--\(boundary)".utf8)
        let bytes = [UInt8](body)
        var positions: [Int] = []
        var search = 0
        while let found = bytes.firstIndex(of: Array(delimiter), from: search) {
            positions.append(found)
            search = found + delimiter.count
        }
        guard positions.count >= 2 else { return nil }
        var parts: [Part] = []
        for (start, end) in zip(positions, positions.dropFirst()) {
            var contentStart = start + delimiter.count
            if bytes[contentStart...].starts(with: [13, 10]) { contentStart += 2 } else { return nil }
            guard let headerEnd = bytes.firstIndex(of: [13, 10, 13, 10], from: contentStart), headerEnd < end else {
                return nil
            }
            var contentEnd = end
            if contentEnd - 2 >= headerEnd + 4, bytes[contentEnd - 2] == 13, bytes[contentEnd - 1] == 10 {
                contentEnd -= 2
            }
            let headers = String(decoding: bytes[contentStart..<headerEnd], as: UTF8.self)
            var name: String?
            var filename: String?
            var type: String?
            for line in headers.components(separatedBy: "\r\n") {
                let pieces = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pieces.count == 2 else { continue }
                switch pieces[0].lowercased() {
                case "content-disposition":
                    let values = parameters(pieces[1])
                    name = values["name"]
                    filename = values["filename"]
                case "content-type": type = pieces[1]
                default: break
                }
            }
            guard let name else { return nil }
            parts.append(
                Part(
                    name: name, filename: filename, contentType: type,
                    data: Data(bytes[(headerEnd + 4)..<max(headerEnd + 4, contentEnd)])))
        }
        return parts
    }

    /// The name/value pairs a form session reads: text parts as text, files as `data:`
    /// URLs (which image fields parse), an empty file as `""` (keep the current image).
    package static func pairs(_ parts: [Part]) -> [(name: String, value: String)] {
        parts.map { part in
            guard part.filename != nil else { return (part.name, String(decoding: part.data, as: UTF8.self)) }
            guard !part.data.isEmpty else { return (part.name, "") }
            return (
                part.name,
                "data:\(part.contentType ?? "application/octet-stream");base64,\(part.data.base64EncodedString())"
            )
        }
    }

    /// `form-data; name="a"; filename="b.png"` -> `["name": "a", "filename": "b.png"]`.
    static func parameters(_ header: String) -> [String: String] {
        var result: [String: String] = [:]
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            var value = pair[1]
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
            }
            result[pair[0].lowercased()] = value
        }
        return result
    }
}
