import AppCore
import Foundation
import Playlist
#if canImport(Glibc)
import Glibc
#endif

/// `eventplayer rewrite`: the playlist rewriter on its own (no server, no sign-in), streaming to
/// standard output. Errors name the input and the line.
///
/// ```
/// curl -s -H "Authorization: $TOKEN" "$URL" | eventplayer rewrite --url "$URL" --token "$TOKEN" --end-list > local.m3u8
/// ```
public enum RewriteFlow {
    /// Why the rewrite could not be done, for one line on stderr.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Rewrites `file` (stdin when nil or "-") to stdout; returns the summary lines when asked.
    public static func run(url: String, token: String, endList: Bool, summary: Bool, file: String?) throws -> [String] {
        guard let playlistURL = URL(string: url), playlistURL.scheme != nil else {
            throw Failure(description: "--url \(url) is not an absolute URL")
        }
        let rewriter = M3U8Rewriter(playlistURL: playlistURL, token: token, appendsEndList: endList)
        let name = file ?? "standard input"
        let input: Data
        do {
            input = try read(file, cap: rewriter.limits.maxBytes)
        } catch {
            throw Failure(description: "cannot read \(name): \((error as NSError).localizedDescription)")
        }
        do {
            let seen = try rewriter.rewrite(input) { chunk in
                var offset = 0
                while offset < chunk.count {
                    let n = write(STDOUT_FILENO, chunk.baseAddress! + offset, chunk.count - offset)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { throw POSIXError(.EIO) }
                    offset += n
                }
            }
            guard summary else { return [] }
            return ["kind: \(seen.kind.rawValue)", "segments: \(seen.segmentCount)",
                    "duration: \(seen.totalDuration) s", "had #EXT-X-ENDLIST: \(seen.hasEndList)",
                    "appended #EXT-X-ENDLIST: \(seen.appendedEndList)", "URIs rewritten: \(seen.rewrittenURICount)",
                    "URIs left alone: \(seen.untouchedURICount)"] + seen.variantURIs.map { "variant: \($0)" }
        } catch {
            throw Failure(description: "\(name): \(error)")
        }
    }

    /// Reads at most `cap + 1` bytes (an endless stream cannot exhaust memory; the rewriter reports the cap).
    static func read(_ file: String?, cap: Int) throws -> Data {
        let handle = file == nil || file == "-" ? FileHandle.standardInput : try FileHandle(forReadingFrom: URL(fileURLWithPath: file!))
        var data = Data()
        while data.count <= cap, let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            data.append(chunk)
        }
        return data
    }
}
