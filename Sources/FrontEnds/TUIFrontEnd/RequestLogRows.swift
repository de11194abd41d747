import AppCore
import Networking
import SystemSupport
import TUI

/// The pipeline's request records as rows for the request-log overlay (`d`), newest last.
enum RequestLogRows {
    static func rows(_ records: [RequestRecord]) -> [RequestLogRow] {
        records.map { record in
            RequestLogRow(kind: record.kind.rawValue, status: record.status, attempts: record.attempt,
                          milliseconds: Int(record.milliseconds.rounded()), bytes: record.bytes,
                          path: path(of: record.target))
        }
    }

    /// The target without its query (tokens travel there), redacted (a token can sit in a path).
    static func path(of target: String) -> String {
        Redactor.shared.redact(String(target.split(separator: "?", maxSplits: 1).first ?? ""))
    }
}
