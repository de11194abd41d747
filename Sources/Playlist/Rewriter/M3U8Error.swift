/// Why a playlist cannot be rewritten, with the 1-based line where it went wrong (0 when the
/// problem is the whole input or the playlist URL).
///
/// ```swift
/// do { _ = try rewriter.rewrite(Data("hello".utf8)) }
/// catch let error as M3U8Error where error.code == .missingHeader {
///     print(error)   // line 1: not an HLS playlist: it must start with #EXTM3U ...
/// }
/// ```
public struct M3U8Error: Error, Sendable, Equatable, CustomStringConvertible {
    enum Reason: Sendable, Equatable {
        case empty
        case missingHeader
        case notUTF8
        case controlCharacter(UInt8)
        case tooLarge(size: Int?, cap: Int)
        case lineTooLong(length: Int, cap: Int)
        case invalidPlaylistURL(String)
        case writeFailed(String)
    }

    /// A stable identifier of what went wrong, to match on.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let description: String
        public static let empty = Code(description: "empty")
        public static let missingHeader = Code(description: "missingHeader")
        public static let notUTF8 = Code(description: "notUTF8")
        public static let controlCharacter = Code(description: "controlCharacter")
        public static let tooLarge = Code(description: "tooLarge")
        public static let lineTooLong = Code(description: "lineTooLong")
        public static let invalidPlaylistURL = Code(description: "invalidPlaylistURL")
        public static let writeFailed = Code(description: "writeFailed")
    }

    let reason: Reason
    /// 1-based line number; 0 for the whole input or the playlist URL.
    public let line: Int

    init(_ reason: Reason, line: Int) {
        self.reason = reason
        self.line = line
    }

    /// Input over ``M3U8Rewriter/Limits/maxBytes`` that the caller stopped reading: `size` is its
    /// real size when known (a file), nil for a stream.
    public static func tooLarge(size: Int?, cap: Int) -> M3U8Error {
        M3U8Error(.tooLarge(size: size, cap: cap), line: 0)
    }

    public var code: Code {
        switch reason {
        case .empty: .empty
        case .missingHeader: .missingHeader
        case .notUTF8: .notUTF8
        case .controlCharacter: .controlCharacter
        case .tooLarge: .tooLarge
        case .lineTooLong: .lineTooLong
        case .invalidPlaylistURL: .invalidPlaylistURL
        case .writeFailed: .writeFailed
        }
    }

    public var description: String {
        let at = line > 0 ? "line \(line): " : ""
        switch reason {
        case .empty:
            return "the playlist is empty (an HLS playlist starts with #EXTM3U)"
        case .missingHeader:
            return at + "not an HLS playlist: it must start with #EXTM3U (is the URL right, or did the server answer an error page?)"
        case .notUTF8:
            return at + "not valid UTF-8 text; an HLS playlist is UTF-8"
        case .controlCharacter(let byte):
            return at + "control character 0x\(String(byte, radix: 16, uppercase: true)) is not allowed in a playlist (binary data?)"
        case .tooLarge(let size?, let cap):
            return "the playlist is \(size) bytes, over the cap of \(cap) bytes; raise the limit if it is genuine"
        case .tooLarge(nil, let cap):
            return "the playlist is over the cap of \(cap) bytes; raise the limit if it is genuine"
        case .lineTooLong(let length, let cap):
            return at + "the line is \(length) bytes, over the cap of \(cap) bytes"
        case .invalidPlaylistURL(let url):
            return "the playlist URL \(url) is not an absolute http(s) URL; relative URIs cannot be resolved against it"
        case .writeFailed(let message):
            return "cannot write the rewritten playlist: \(message)"
        }
    }
}
