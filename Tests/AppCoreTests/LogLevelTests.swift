import AppCore
import Logging
import Testing

/// `--log-level` and `log-level` are one enum: every word is swift-log's level of the same name,
/// the flag wins over the file, and neither means info.
@Suite struct LogLevelTests {
    @Test func eachLevelIsSwiftLogsOfTheSameName() {
        #expect(LogLevel.allCases.map(\.rawValue) == Logger.Level.allCases.map(\.rawValue))
        for level in LogLevel.allCases {
            #expect(level.loggerLevel.rawValue == level.rawValue)
        }
    }

    @Test func theFlagWinsThenTheFileThenInfo() {
        #expect(LogLevel.resolve(flag: .debug, config: .error) == .debug)
        #expect(LogLevel.resolve(flag: nil, config: .error) == .error)
        #expect(LogLevel.resolve(flag: nil, config: nil) == .info)
    }
}
