import Foundation

/// What a browser submits for a form ModelForm drew: the successful controls in document
/// order (text-like inputs, hidden inputs, checked boxes and radios, selected options,
/// textareas) plus the clicked button, as an urlencoded body. Only for our own output.
///
/// ```swift
/// let body = BrowserForm.body(HTMLRenderer().render(form), typing: ["email": "ada@example.com"], clicking: "save")
/// try form.apply(submission: body)
/// ```
public enum BrowserForm {
    /// The urlencoded body a browser sends for `html` after the user typed `typing` (input
    /// name to text) and clicked the `_action` button `action` (none: no button's value).
    public static func body(_ html: String, typing: [String: String] = [:], clicking action: String? = nil) -> String {
        var pairs: [(String, String)] = []
        let tag = /<(input|select|textarea)\b([^>]*)>/
        var selectOpen: String?
        for match in html.matches(of: tag) {
            let attributes = parse(String(match.output.2))
            guard let name = attributes["name"], attributes["disabled"] == nil else { continue }
            switch String(match.output.1) {
            case "input":
                switch attributes["type"] ?? "text" {
                case "checkbox", "radio":
                    if attributes["checked"] != nil { pairs.append((name, attributes["value"] ?? "on")) }
                case "file": break
                case "submit", "button": break
                default: pairs.append((name, typing[name] ?? attributes["value"] ?? ""))
                }
            case "select":
                selectOpen = name
                let rest = html[match.range.upperBound...]
                let options = rest[..<(rest.range(of: "</select>")?.lowerBound ?? rest.endIndex)]
                let all = options.matches(of: /<option\b([^>]*)>/).map { parse(String($0.output.1)) }
                let chosen = all.first { $0["selected"] != nil } ?? all.first
                pairs.append((name, chosen?["value"] ?? ""))
            default:
                let rest = html[match.range.upperBound...]
                let content = rest[..<(rest.range(of: "</textarea>")?.lowerBound ?? rest.endIndex)]
                pairs.append((name, typing[name] ?? unescape(String(content))))
            }
        }
        _ = selectOpen
        if let action { pairs.append(("_action", action)) }
        return pairs.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }

    static func parse(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for match in text.matches(of: /([a-zA-Z-]+)(?:="([^"]*)")?/) {
            result[String(match.output.1)] = match.output.2.map { unescape(String($0)) } ?? ""
        }
        return result
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
