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
        guard !value.contains(where: { $0 == "\r" || $0 == "\n" }) else {
            throw HeaderFlagError(flag: flag, problem: "the value contains a line break")
        }
        return HeaderFlag(kind: kind, name: name, value: value)
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
