import Foundation

/// What the kept warn/error log lines of one playback say about failures.
///
/// mpv 0.35 / ffmpeg 5.1 report a failed HLS request only in the log, e.g.
/// ```
/// [ffmpeg] http: HTTP error 500 Internal Server Error
/// [ffmpeg/demuxer] hls: Failed to open segment 2 of playlist 0
/// ```
/// and then skip the segment: the stream still ends as END_FILE EOF with error 0. "Failed to
/// open segment" means skipped only because the player turns ffmpeg's prefetch off
/// (`http_multiple=0`, see `MPVOptionPlan.lavfOptions`): a failed prefetch logs the same line
/// and the segment is fetched again and played. A request retried on a new connection
/// ("keepalive request failed … retrying") that then succeeds logs no failure.
struct LogAnalysis: Sendable, Equatable {
    /// A segment ffmpeg could not open, with the reason logged just before it.
    struct SegmentFailure: Sendable, Equatable {
        var segment: Int
        var reason: String?
    }

    /// Segments that failed, in order.
    var segmentFailures: [SegmentFailure] = []
    /// A 401/403 seen on a media request, with its log text.
    struct Denied: Sendable, Equatable {
        var status: Int
        var message: String
    }

    /// The first 401/403 seen on a media request.
    var accessDenied: Denied?
    /// The last line that names a cause (HTTP error, connection failure, timeout).
    var lastCause: String?

    init(_ messages: some Sequence<PlayerLogMessage>) {
        var pendingCause: String?
        for message in messages {
            let text = Self.stripModule(message.text)
            if let status = Self.httpStatus(in: text) {
                pendingCause = text
                lastCause = text
                if (status == 401 || status == 403) && accessDenied == nil {
                    accessDenied = Denied(status: status, message: text)
                }
            } else if let segment = Self.failedSegment(in: text) {
                segmentFailures.append(SegmentFailure(segment: segment, reason: pendingCause))
                pendingCause = nil
            } else if Self.isCause(text) {
                pendingCause = text
                lastCause = text
            }
        }
    }

    /// "segment 2 failed (HTTP error 500 Internal Server Error)", or for several
    /// "segments 2, 3 failed (…)"; nil when none failed.
    var segmentSummary: String? {
        guard let first = segmentFailures.first else { return nil }
        let numbers = segmentFailures.map { String($0.segment) }
        let unique = numbers.enumerated().filter { numbers.firstIndex(of: $0.element) == $0.offset }.map(\.element)
        let label = unique.count == 1 ? "segment \(unique[0])" : "segments \(unique.prefix(5).joined(separator: ", "))\(unique.count > 5 ? ", …" : "")"
        let reason = first.reason ?? segmentFailures.lazy.compactMap(\.reason).first
        return "\(label) failed" + (reason.map { " (\($0))" } ?? "")
    }

    /// Drops ffmpeg's `hls: ` / `http: ` component tag.
    static func stripModule(_ text: String) -> String {
        for tag in ["hls: ", "http: ", "tcp: ", "tls: ", "https: ", "file: ", "crypto: "] where text.hasPrefix(tag) {
            return String(text.dropFirst(tag.count))
        }
        return text
    }

    /// 500 from "HTTP error 500 Internal Server Error".
    static func httpStatus(in text: String) -> Int? {
        guard let range = text.range(of: "HTTP error ") else { return nil }
        return Int(text[range.upperBound...].prefix(while: \.isNumber))
    }

    /// 2 from "Failed to open segment 2 of playlist 0".
    static func failedSegment(in text: String) -> Int? {
        guard let range = text.range(of: "Failed to open segment ") else { return nil }
        return Int(text[range.upperBound...].prefix(while: \.isNumber))
    }

    static func isCause(_ text: String) -> Bool {
        let causes = ["Connection to ", "Connection refused", "timed out", "Operation timed out",
                      "Stream ends prematurely", "Failed to reload playlist", "Failed to open an initialization section",
                      "Unable to open key file", "Failed to resolve hostname", "No such file or directory",
                      "not a common multimedia extension",
                      // ffmpeg's TLS (GnuTLS, OpenSSL) refusing a certificate (mpv's tls-verify).
                      "Peer certificate failed verification", "Unable to verify peer certificate",
                      "certificate's owner does not match hostname", "certificate verify failed"]
        return causes.contains { text.contains($0) }
    }
}
