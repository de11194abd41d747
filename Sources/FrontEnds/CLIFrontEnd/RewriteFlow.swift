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

    /// The playlist's own URL from `--url`: an absolute http(s) URL with a host.
    public static func playlistURL(_ text: String) throws -> URL {
        guard let url = URL(string: text) else { throw Failure(description: "--url \(text) is not a URL") }
        do { try M3U8Rewriter.check(playlistURL: url) } catch {
            throw Failure(description: "--url \(text) is not an absolute http(s) URL; relative URIs are resolved against it")
        }
        return url
    }

    /// Rewrites `file` (stdin when nil or "-") to stdout; returns the summary lines when asked.
    public static func run(url: String, token: String, endList: Bool, summary: Bool, file: String?) throws -> [String] {
        let rewriter = M3U8Rewriter(playlistURL: try playlistURL(url), token: token, appendsEndList: endList)
        let name = file.flatMap { $0 == "-" ? nil : $0 } ?? "standard input"
        let input = try read(file, name: name, cap: rewriter.limits.maxBytes)
        do {
            let seen = try rewriter.rewrite(input) { chunk in
                var offset = 0
                while offset < chunk.count {
                    let n = write(STDOUT_FILENO, chunk.baseAddress! + offset, chunk.count - offset)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
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

    /// Reads at most `cap` bytes (an endless stream cannot exhaust memory). Over the cap, the error
    /// names the file's real size (or "over the cap" for a stream).
    static func read(_ file: String?, name: String, cap: Int) throws -> Data {
        let fd: Int32 = name == "standard input" ? STDIN_FILENO : open(file!, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(description: "cannot read \(name): \(String(cString: strerror(errno)))") }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: fd != STDIN_FILENO)
        var info = stat()
        let known = fstat(fd, &info) == 0
        let isRegular = known && info.st_mode & S_IFMT == S_IFREG
        if known && info.st_mode & S_IFMT == S_IFDIR {
            throw Failure(description: "cannot read \(name): it is a directory")
        }
        if isRegular && Int(info.st_size) > cap {
            throw Failure(description: "\(name): \(M3U8Error.tooLarge(size: Int(info.st_size), cap: cap))")
        }
        var data = Data()
        do {
            while data.count <= cap, let chunk = try handle.read(upToCount: min(1 << 20, cap + 1 - data.count)), !chunk.isEmpty {
                data.append(chunk)
            }
        } catch {
            throw Failure(description: "cannot read \(name): \(Self.reason(error))")
        }
        if data.count > cap {
            throw Failure(description: "\(name): \(M3U8Error.tooLarge(size: isRegular ? Int(info.st_size) : nil, cap: cap))")
        }
        return data
    }

    static func reason(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return (error as NSError).localizedDescription
    }
}
