import Foundation

/// URI references as JSON Schema resolves them (RFC 3986, section 5), for `$id` and `$ref`.
enum URIs {
    static func withoutFragment(_ uri: String) -> String {
        uri.firstIndex(of: "#").map { String(uri[..<$0]) } ?? uri
    }

    static func fragment(_ uri: String) -> String? {
        uri.firstIndex(of: "#").map { String(uri[uri.index(after: $0)...]) }
    }

    /// `reference` resolved against `base`.
    static func resolve(_ reference: String, against base: String) -> String {
        if reference.isEmpty { return base }
        if hasScheme(reference) { return normalised(reference) }
        if reference.hasPrefix("#") { return withoutFragment(base) + reference }
        let (scheme, rest) = split(base)
        guard let scheme else { return reference }
        if reference.hasPrefix("//") { return scheme + ":" + reference }
        var authority = ""
        var path = withoutFragment(rest)
        if let query = path.firstIndex(of: "?") { path = String(path[..<query]) }
        if path.hasPrefix("//") {
            let afterSlashes = path.dropFirst(2)
            let end = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
            authority = "//" + afterSlashes[..<end]
            path = String(afterSlashes[end...])
        }
        var referencePath = reference
        var suffix = ""
        if let position = referencePath.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            suffix = String(referencePath[position...])
            referencePath = String(referencePath[..<position])
        }
        let merged: String
        if referencePath.isEmpty {
            merged = path
        } else if referencePath.hasPrefix("/") {
            merged = referencePath
        } else if let slash = path.lastIndex(of: "/") {
            merged = path[...slash] + referencePath
        } else {
            merged = (authority.isEmpty ? "" : "/") + referencePath
        }
        return scheme + ":" + authority + removingDotSegments(merged) + suffix
    }

    static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isLetter else { return false }
        return text[..<colon].allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    private static func split(_ uri: String) -> (scheme: String?, rest: String) {
        guard hasScheme(uri), let colon = uri.firstIndex(of: ":") else { return (nil, uri) }
        return (String(uri[..<colon]), String(uri[uri.index(after: colon)...]))
    }

    private static func normalised(_ uri: String) -> String {
        let (scheme, rest) = split(uri)
        guard let scheme else { return uri }
        guard rest.hasPrefix("//") else { return scheme + ":" + rest }
        let afterSlashes = rest.dropFirst(2)
        let end = afterSlashes.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? afterSlashes.endIndex
        var path = String(afterSlashes[end...])
        var suffix = ""
        if let position = path.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            suffix = String(path[position...])
            path = String(path[..<position])
        }
        return scheme + "://" + afterSlashes[..<end] + removingDotSegments(path) + suffix
    }

    private static func removingDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            if segment == "." {
                if index == segments.count - 1 { output.append("") }
                continue
            }
            if segment == ".." {
                if output.count > 1 { output.removeLast() }
                if index == segments.count - 1 { output.append("") }
                continue
            }
            output.append(segment)
        }
        return output.joined(separator: "/")
    }
}
