import Foundation
@testable import Playlist

/// Rewrites `text` against `base` with token `tok` and returns the output as text.
func rewrite(
    _ text: String, base: String = "https://cdn.example.com/media/30-days/evt-1/index.m3u8",
    token: String = "tok", endList: Bool = false, limits: M3U8Rewriter.Limits = .init()
) throws -> (text: String, summary: M3U8Summary) {
    let rewriter = M3U8Rewriter(playlistURL: URL(string: base)!, token: token, appendsEndList: endList, limits: limits)
    let (output, summary) = try rewriter.rewrite(Data(text.utf8))
    return (String(decoding: output, as: UTF8.self), summary)
}

/// The single rewritten URI line (or attribute value) of a playlist made of `#EXTM3U` and `line`.
func rewrittenLine(_ line: String, base: String = "https://cdn.example.com/media/30-days/evt-1/index.m3u8",
                   token: String = "tok") throws -> String {
    let (text, _) = try rewrite("#EXTM3U\n\(line)\n", base: base, token: token)
    return String(text.dropFirst("#EXTM3U\n".count).dropLast())
}

/// The lines of `text` (LF, CRLF or CR), without a trailing empty one.
func lines(_ text: String) -> [String] {
    var result = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        .components(separatedBy: "\n")
    if result.last == "" { result.removeLast() }
    return result
}

/// Query items of a URI string, as (name, value) pairs in order.
func queryItems(_ uri: String) -> [(String, String?)] {
    (URLComponents(string: uri)?.percentEncodedQueryItems ?? []).map { ($0.name, $0.value) }
}

/// Runs `arguments` and returns its exit status; stderr/stdout go to `log` when given.
@discardableResult
func run(_ arguments: [String], log: URL? = nil, environment: [String: String]? = nil) async throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let log {
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
    } else {
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
    }
    // Await the exit instead of blocking a cooperative thread (the in-process demo backend needs them).
    return try await withCheckedThrowingContinuation { continuation in
        process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
        do { try process.run() } catch {
            process.terminationHandler = nil
            continuation.resume(throwing: error)
        }
    }
}

/// A fresh temporary directory, removed by the caller.
func temporaryDirectory(_ name: String = "playlist-tests") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
