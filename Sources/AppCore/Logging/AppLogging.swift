import Foundation
import Logging
import Synchronization

/// Sends all logging to the log file (never the terminal), once per process.
public enum AppLogging {
    private static let started = Mutex(false)

    /// Bootstraps swift-log to `paths.logFile` at `level`. Later calls do nothing.
    /// When the file cannot be opened, logging is off and the reason is returned.
    @discardableResult
    public static func bootstrap(paths: XDGPaths, level: LogLevel) -> String? {
        let first = started.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return nil }
        do {
            let sink = try LogFile(url: paths.logFile)
            LoggingSystem.bootstrap { FileLogHandler(label: $0, sink: sink, level: level.loggerLevel) }
            return nil
        } catch {
            LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
            return "logging disabled: \(error)"
        }
    }
}
