/// The log file cannot be opened; eventplayer then runs without a log and says so once.
///
/// ```swift
/// do { _ = try LogFile(url: url) }
/// catch let error as LogFileError { print(error) }   // cannot open the log file /x/eventplayer.log: Permission denied
/// ```
public struct LogFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The log file.
    public let path: String
    /// Why, as the system says it.
    public let reason: String

    public var description: String { "cannot open the log file \(path): \(reason)" }
}
