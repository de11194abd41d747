import Foundation
import Logging
import SystemSupport

extension NetworkPipeline {
    /// Records one attempt in ``requestLog`` and on the logger: never a query, header value or body.
    func log(_ request: HTTPRequest, attempt: Int, delay: Double, ms: Double = 0,
             response: HTTPResponse? = nil, error: (any Error)? = nil, bytes: Int? = nil, failure message: String? = nil) {
        let failure: String? = if let message {
            Redactor.shared.redact(message)
        } else if let error {
            Redactor.shared.redact(String(describing: error))
        } else if let response, !response.isSuccess {
            "HTTP \(response.status)"
        } else {
            nil
        }
        let record = requestLog.append(RequestRecord(
            date: Date(), kind: request.kind, method: request.method, target: request.loggableTarget,
            status: response?.status, error: failure, attempt: attempt, delay: delay,
            milliseconds: ms, bytes: bytes ?? response?.body.count ?? 0,
            headers: response.map { configuration.recordedHeaders.select($0.headers) } ?? []))
        if record.isSuccess {
            logger.info("\(record.description)", metadata: Self.metadata(record))
        } else {
            logger.warning("\(record.description)", metadata: Self.metadata(record))
        }
    }

    /// The record's fields as logger metadata (built only when the level is enabled).
    static func metadata(_ record: RequestRecord) -> Logger.Metadata {
        [
            "kind": "\(record.kind.rawValue)", "method": "\(record.method)", "target": "\(record.target)",
            "status": "\(record.status.map(String.init) ?? "-")", "attempt": "\(record.attempt)",
            "delay": "\(record.delay.fixed(3))", "ms": "\(record.milliseconds.fixed(1))",
            "bytes": "\(record.bytes)",
        ]
    }
}
