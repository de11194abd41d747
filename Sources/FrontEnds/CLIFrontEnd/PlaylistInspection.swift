import AppCore
import Foundation
import Playlist

/// `eventplayer playlist <id>`: prepares the event exactly as playback would and prints what the
/// player would get: URL or private file, the header token (redacted unless asked), complete or
/// live, what the rewriter saw, the step timings, and the rewritten playlist itself. The private
/// files are removed before it returns.
public enum PlaylistInspection {
    public static func run(eventID: String, showToken: Bool, services: AppServices) async throws -> [String] {
        let event = try await EventFinder.event(id: eventID, client: services.backend)
        let preparer = try PlaybackPreparer(services: services)
        defer { preparer.removeAll() }
        let prepared = try await preparer.prepare(event, refreshTokens: false)
        let hide: (String) -> String = { text in
            showToken ? text : text.replacingOccurrences(of: prepared.token, with: "<redacted>")
        }
        let t = prepared.timings
        var lines = [
            "event: \(event.id) (\(event.cameraName), bucket \(event.bucket))",
            "mode: \(prepared.isComplete ? "complete: private playlist file, #EXT-X-ENDLIST guaranteed" : "live: remote playlist, authorised by header")",
            "open: \(hide(prepared.url.absoluteString))",
            "remote: \(hide(prepared.remoteURL.absoluteString))",
            "header: Authorization: \(hide(prepared.playerHeader ?? prepared.token))",
            "playlist: \(prepared.summary.kind.rawValue), \(prepared.summary.segmentCount) segments, \(prepared.summary.totalDuration) s, had ENDLIST: \(prepared.summary.hasEndList), appended: \(prepared.summary.appendedEndList)",
            String(format: "timings: tokens %.1f ms, fetch %.1f ms, rewrite %.2f ms, write %.2f ms", t.tokensMilliseconds,
                   t.fetchMilliseconds, t.rewriteMilliseconds, t.writeMilliseconds),
        ]
        for (index, file) in prepared.files.enumerated() {
            lines.append("--- file \(index + 1) of \(prepared.files.count): \(file.path)")
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? "(unreadable)"
            lines.append(contentsOf: text.split(separator: "\n", omittingEmptySubsequences: false).map { hide(String($0)) })
        }
        return lines
    }
}
