import EventsAPI
import Foundation

/// The journal of pending marks: `reviewed-pending.json` in the state directory, beside
/// `reviewed.json`. It holds, per server, the marks that server has not confirmed yet, so that
/// marks a session could not send (the server was down when it quit) are sent at the next start
/// to the same server, and never to another one.
///
/// ```swift
/// let url = PendingMarks.journalURL(in: paths.state)
/// let key = PendingMarks.serverKey(server.url)
/// var pending = PendingMarks(marks: PendingMarks.journal(at: url, server: key))
/// try PendingMarks.writeJournal(pending.marks, at: url, server: key)
/// ```
extension PendingMarks {
    /// `reviewed-pending.json` in the state directory (`~/.local/state/eventplayer`).
    public static func journalURL(in stateDirectory: URL) -> URL {
        stateDirectory.appending(path: "reviewed-pending.json")
    }

    /// The journal's key for `server`: marks made against one server are sent to that one only.
    public static func serverKey(_ server: URL) -> String {
        ServerURL.canonical(server).absoluteString
    }

    private struct JournalBody: Codable {
        var version = 1
        /// Server key → its pending marks, oldest first.
        var servers: [String: [PendingMark]]
    }

    private static func body(at url: URL) -> JournalBody {
        guard let data = try? Data(contentsOf: url), let body = try? JSONDecoder().decode(JournalBody.self, from: data) else {
            return JournalBody(servers: [:])
        }
        return body
    }

    /// The marks pending for `server` (a ``serverKey(_:)``); none when the file is missing or
    /// unreadable.
    public static func journal(at url: URL, server: String) -> [PendingMark] {
        body(at: url).servers[server] ?? []
    }

    /// Replaces `server`'s pending marks with `marks`, keeping other servers' (read, change,
    /// write: mode 0600 in a 0700 directory, atomically). The file goes when nothing is pending
    /// for any server.
    public static func writeJournal(_ marks: [PendingMark], at url: URL, server: String) throws {
        var body = body(at: url)
        body.servers[server] = marks.isEmpty ? nil : marks
        guard !body.servers.isEmpty else {
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try PrivateFile.write(try encoder.encode(body), to: url)
    }
}

extension MarkSendFailure {
    /// How a failed `setReviewed` request counts: a refusal (4xx) for good, an expired session
    /// until the next sign-in, anything else (unreachable, 5xx, cancelled) as a server that is
    /// away for now.
    public init(_ error: any Error) {
        switch (error as? EventsAPIError)?.code {
        case .signInRequired, .sessionExpired: self = .signInNeeded
        case .rejected, .wrongCredentials: self = .refused
        default: self = .unavailable
        }
    }
}
