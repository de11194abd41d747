import ArgumentParser
import Foundation
import Playlist

/// `eventplayer rewrite`: the playlist rewriter on its own, for debugging a stream with plain
/// mpv or curl. Pure: no server, no sign-in.
///
/// ```
/// curl -s -H "Authorization: $TOKEN" "$URL" | eventplayer rewrite --url "$URL" --token "$TOKEN" --end-list > local.m3u8
/// mpv --demuxer-lavf-o=protocol_whitelist=[file,http,https,tcp,tls,crypto,data] local.m3u8
/// ```
struct RewriteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rewrite",
        abstract: "Rewrite an HLS playlist so every URI is absolute and carries a media token.",
        discussion: """
            Reads FILE (or standard input) and writes the playlist to standard output with every URI line \
            and URI="..." attribute resolved against --url (RFC 3986) and carrying exactly one \
            Authorization=<token> query item; other lines are copied unchanged. data:, skd: and {$var} \
            URIs are left alone. Errors go to standard error with the line number, exit status 1.
            """
    )

    @Option(help: ArgumentHelp("The playlist's own URL: relative URIs are resolved against it.", valueName: "url"))
    var url: String

    @Option(help: ArgumentHelp("The media token of the event's bucket (added percent-encoded).", valueName: "token"))
    var token: String

    @Flag(name: .customLong("end-list"), help: "Append #EXT-X-ENDLIST to a media playlist that lacks it (a finished event).")
    var endList = false

    @Flag(help: "Print what the rewriter saw (kind, segments, duration, variants) to standard error.")
    var summary = false

    @Argument(help: ArgumentHelp("The playlist file; standard input when omitted or \"-\".", valueName: "file"))
    var file: String?

    func run() throws {
        guard let playlistURL = URL(string: url) else { fail("--url \(url) is not a URL") }
        let rewriter = M3U8Rewriter(playlistURL: playlistURL, token: token, appendsEndList: endList)
        let input: Data
        do {
            input = try Self.read(file, cap: rewriter.limits.maxBytes)
        } catch {
            fail("cannot read \(file ?? "standard input"): \((error as NSError).localizedDescription)")
        }
        do {
            let seen = try rewriter.rewrite(input) { chunk in
                var offset = 0
                while offset < chunk.count {
                    let n = writeStandardOutput(chunk.baseAddress! + offset, chunk.count - offset)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { throw POSIXError(.EIO) }
                    offset += n
                }
            }
            if summary {
                var lines = ["kind: \(seen.kind.rawValue)", "segments: \(seen.segmentCount)",
                             "duration: \(seen.totalDuration) s", "had #EXT-X-ENDLIST: \(seen.hasEndList)",
                             "appended #EXT-X-ENDLIST: \(seen.appendedEndList)", "URIs rewritten: \(seen.rewrittenURICount)",
                             "URIs left alone: \(seen.untouchedURICount)"]
                lines += seen.variantURIs.map { "variant: \($0)" }
                FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            }
        } catch {
            fail("\(file ?? "standard input"): \(error)")
        }
    }

    /// Reads at most `cap + 1` bytes (so an endless stream cannot exhaust memory; the rewriter reports the cap).
    static func read(_ file: String?, cap: Int) throws -> Data {
        let handle = file == nil || file == "-" ? FileHandle.standardInput : try FileHandle(forReadingFrom: URL(fileURLWithPath: file!))
        var data = Data()
        while data.count <= cap, let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            data.append(chunk)
        }
        return data
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("eventplayer rewrite: \(message)\n".utf8))
        Foundation.exit(1)
    }
}

private func writeStandardOutput(_ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(STDOUT_FILENO, bytes, count)
}
