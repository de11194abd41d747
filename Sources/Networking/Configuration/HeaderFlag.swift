import Foundation

/// One `--header` flag: `"Name: value"` for every request, or `"kind:Name: value"` for one
/// request kind (like curl's `-H` / streamlink's `--http-header`, repeatable).
///
/// ```swift
/// try HeaderFlag(parsing: "User-Agent: eventplayer/1.0")        // every kind
/// try HeaderFlag(parsing: "mediaSegment:X-CDN-Key: abc")         // .mediaSegment only
/// try HeaderFlag(parsing: "Referer: https://example.com/a")      // colons in the value are fine
/// ```
public struct HeaderFlag: Sendable, Equatable {
    /// nil: every kind.
    public var kind: HTTPRequestKind?
    public var name: String
    public var value: String

    public init(kind: HTTPRequestKind? = nil, name: String, value: String) {
        self.kind = kind
        self.name = name
        self.value = value
    }

    /// Parses the flag's text. A leading `word:` is a request kind when `word` names one
    /// (case-insensitively) and is followed by `Name: value`; otherwise the first `:` separates
    /// the name from the value. Throws ``HeaderFlagError``.
    public init(parsing text: String) throws {
        guard let colon = text.firstIndex(of: ":") else {
            throw HeaderFlagError(flag: text, problem: "it has no ':'")
        }
        let head = String(text[..<colon])
        let rest = String(text[text.index(after: colon)...])
        if let kind = HTTPRequestKind(named: head), !rest.hasPrefix(" "), rest.contains(":") {
            self = try Self.plain(rest, flag: text, kind: kind)
        } else if Self.isToken(head), !rest.hasPrefix(" "), Self.looksLikeHeader(rest) {
            throw HeaderFlagError(flag: text, problem: "'\(head)' is not a request kind")
        } else {
            self = try Self.plain(text, flag: text, kind: nil)
        }
    }

    private static func plain(_ text: String, flag: String, kind: HTTPRequestKind?) throws -> HeaderFlag {
        guard let colon = text.firstIndex(of: ":") else { throw HeaderFlagError(flag: flag, problem: "it has no ':'") }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw HeaderFlagError(flag: flag, problem: "the header name is empty") }
        guard isToken(name) else {
            throw HeaderFlagError(flag: flag, problem: "'\(name)' is not a valid header name (letters, digits, - and _)")
        }
        if let problem = controlCharacter(in: value) { throw HeaderFlagError(flag: flag, problem: problem) }
        return HeaderFlag(kind: kind, name: name, value: value)
    }

    /// What is wrong with a value holding a control character, or nil. Checked scalar by scalar:
    /// `"\r\n"` is one `Character` in Swift, so a check by characters misses it. A field value is
    /// visible characters, spaces and tabs (RFC 9110 §5.5); a line break would end the header early.
    private static func controlCharacter(in value: String) -> String? {
        for scalar in value.unicodeScalars where (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F {
            if scalar == "\r" || scalar == "\n" { return "the value contains a line break" }
            return "the value contains the control character U+\(String(format: "%04X", scalar.value))"
        }
        return nil
    }

    /// `Name: value` with a token name and a space after the colon, or `Name:` at the end.
    private static func looksLikeHeader(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let after = text[text.index(after: colon)...]
        return isToken(String(text[..<colon])) && (after.isEmpty || after.hasPrefix(" "))
    }

    private static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "!#$%&'*+-.^_`|~".contains($0)) }
    }
}
