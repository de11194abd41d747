import AppCore
import CLIFrontEnd
import ArgumentParser
import SystemSupport
import Foundation

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

    func validate() throws {
        do { _ = try RewriteFlow.playlistURL(url) } catch { throw ValidationError("\(error)") }
    }

    func run() throws {
        do {
            let lines = try RewriteFlow.run(url: url, token: token, endList: endList, summary: summary, file: file)
            if !lines.isEmpty { StandardStreams.errorLine(lines.joined(separator: "\n")) }
        } catch {
            StandardStreams.errorLine("eventplayer rewrite: " + UserFacing.shown(String(describing: error)))
            throw ExitCode(1)
        }
    }
}
