import Foundation

/// Removes media tokens from text mpv logs (URLs carry `Authorization=<token>`; a rejected
/// `http-header-fields` value carries `Authorization: <token>`).
enum LogRedaction {
    /// `redact("GET /a.ts?Authorization=abc&x=1")` == `"GET /a.ts?Authorization=<redacted>&x=1"`.
    static func redact(_ text: String) -> String {
        guard text.range(of: "authorization", options: .caseInsensitive) != nil else { return text }
        var output = ""
        var rest = Substring(text)
        while let range = rest.range(of: "authorization", options: .caseInsensitive) {
            output += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            guard let separator = rest.first, separator == "=" || separator == ":" else { continue }
            output.append(separator)
            rest = rest.dropFirst()
            if separator == ":" { while rest.first == " " { output.append(" "); rest = rest.dropFirst() } }
            let end = rest.firstIndex(where: { "&,; \t\r\n\"'".contains($0) }) ?? rest.endIndex
            if end != rest.startIndex { output += "<redacted>" }
            rest = rest[end...]
        }
        return output + rest
    }
}
