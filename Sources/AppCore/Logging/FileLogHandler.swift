import Foundation
import Logging
import Synchronization
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// A swift-log handler that appends redacted lines to a 0600 file; never the terminal.
///
/// ```swift
/// let sink = try LogFile(url: paths.logFile)
/// LoggingSystem.bootstrap { FileLogHandler(label: $0, sink: sink, level: .info) }
/// ```
public struct FileLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    let label: String
    let sink: LogFile

    public init(label: String, sink: LogFile, level: Logger.Level) {
        self.label = label
        self.sink = sink
        self.logLevel = level
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        if let error = event.error { merged["error"] = "\(error)" }
        let fields = merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let stamp = Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        sink.append("\(stamp) \(event.level) \(label): \(event.message)\(fields)")
    }
}

/// An append-only log file shared by all handlers; every line passes through ``Redactor``.
public final class LogFile: Sendable {
    private let descriptor: Mutex<Int32>
    let redactor: Redactor

    /// Opens (creating 0600, parent 0700) `url` for appending.
    /// - Throws: ``LogFileError``.
    public init(url: URL, redactor: Redactor = .shared) throws(LogFileError) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw LogFileError(path: url.path, reason: "its directory cannot be created (\(url.deletingLastPathComponent().path))")
        }
        let fd = open(url.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw LogFileError(path: url.path, reason: String(cString: strerror(errno))) }
        fchmod(fd, 0o600)
        descriptor = Mutex(fd)
        self.redactor = redactor
    }

    deinit {
        descriptor.withLock { _ = close($0) }
    }

    func append(_ line: String) {
        let bytes = Array((redactor.redact(line) + "\n").utf8)
        descriptor.withLock { fd in
            bytes.withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
        }
    }
}
