import Networking
import TOMLKit

/// `[network] recorded-headers = ["X-Cache", "CF-*"]`: which response headers the request log
/// records keep (see ``RecordedHeaders/init(patterns:)``), checked when the file is read so a
/// mistake names its line.
extension AppConfig {
    static let recordedHeadersKey = "recorded-headers"

    func readRecordedHeaders(_ value: (any TOMLValueConvertible)?, path: [String], file: String) throws -> [String] {
        let line = lines.line(of: path)
        guard let array = value?.array else {
            throw ConfigError(file: file, line: line, "[network] recorded-headers must be a list of header names such as "
                + "[\"X-Cache\", \"CF-*\"] (got \(value.map(Self.show) ?? "nothing"))")
        }
        var patterns: [String] = []
        for item in array {
            guard let text = item.string else {
                throw ConfigError(file: file, line: line, "[network] recorded-headers items must be strings (got \(Self.show(item)))")
            }
            patterns.append(text)
        }
        do { _ = try RecordedHeaders(patterns: patterns) } catch {
            throw ConfigError(file: file, line: line, "[network] recorded-headers: \(error.description)")
        }
        return patterns
    }
}
