import Logging

/// How much goes into the log file (`--log-level`, `log-level` in config.toml), one type for both:
/// the file reads it as a ``ConfigChoice`` and the executable makes it `ExpressibleByArgument`, so
/// a bad word is a usage error listing these. The flag wins over the file; neither: ``info``.
///
/// ```swift
/// LogLevel(rawValue: "debug")?.loggerLevel   // .debug
/// LogLevel.allowedWords                      // "trace, debug, info, notice, warning, error or critical"
/// ```
public enum LogLevel: String, Sendable, CaseIterable, ConfigChoice {
    case trace, debug, info, notice, warning, error, critical

    /// The flag, else the config file's `log-level`, else ``info``.
    public static func resolve(flag: LogLevel?, config: LogLevel?) -> LogLevel {
        flag ?? config ?? .info
    }

    /// swift-log's level of the same name.
    public var loggerLevel: Logger.Level {
        switch self {
        case .trace: .trace
        case .debug: .debug
        case .info: .info
        case .notice: .notice
        case .warning: .warning
        case .error: .error
        case .critical: .critical
        }
    }
}
