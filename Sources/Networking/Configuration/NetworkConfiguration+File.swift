import Foundation

/// Filling the configuration from the config file's tables, as the App reads them:
///
/// ```toml
/// [network]
/// retries = 3                        # retries after the first attempt (0 turns retrying off)
/// retry-base = 0.25                  # delay before retry n: min(exp(retry-base * n), retry-cap) s
/// retry-cap = 5.0
/// retry-after-cap = 30.0             # longest Retry-After honoured on 429/503, s
/// connect-timeout = 10.0             # every kind, s
/// request-timeout = 30.0             # every kind (default depends on the kind), s
/// mediaSegment-request-timeout = 90  # one kind: <kind>-connect-timeout, <kind>-request-timeout
/// handler-timeout = 20.0             # a NetworkConfig closure's time to answer, s
/// request-log-size = 500             # records kept for the request log view
/// recorded-headers = ["Content-Type", "X-Cache", "CF-*"]   # response headers request records keep (read by the App)
///
/// [headers.all]                      # every request
/// User-Agent = "eventplayer/1.0"
/// [headers.mediaSegment]             # one kind
/// X-CDN-Key = "abc"
/// ```
///
/// ```swift
/// var network = NetworkConfiguration()
/// try network.apply(networkTable: config.network)
/// for (kind, fields) in config.headers { try network.apply(headerTable: kind, fields: fields.map { ($0.name, $0.value) }) }
/// for flag in options.headers { try network.addHeader(flag: flag) }
/// ```
extension NetworkConfiguration {
    /// The keys ``apply(networkTable:)`` knows, for help texts.
    public static var networkKeys: [String] {
        ["retries", "retry-base", "retry-cap", "retry-after-cap", "connect-timeout", "request-timeout",
         "handler-timeout", "request-log-size"]
            + HTTPRequestKind.allCases.flatMap { ["\($0.rawValue)-connect-timeout", "\($0.rawValue)-request-timeout"] }
    }

    /// Applies the `[network]` table. Throws ``NetworkConfigurationError`` naming the key for an
    /// unknown key or a value out of range. Keys for every kind apply before per-kind keys.
    public mutating func apply(networkTable table: [String: Double]) throws {
        for key in table.keys.sorted(by: { Self.order($0) < Self.order($1) }) {
            let value = table[key]!
            switch key {
            case "retries": retry.maxRetries = try Self.whole(key, value, 0...999)
            case "retry-base": retry.base = try Self.seconds(key, value, 0...60)
            case "retry-cap": retry.cap = try Self.seconds(key, value, 0...3600)
            case "retry-after-cap": retry.retryAfterCap = try Self.seconds(key, value, 0...3600)
            case "connect-timeout": setTimeouts(connect: try Self.seconds(key, value, above: 0, upTo: 86400))
            case "request-timeout": setTimeouts(request: try Self.seconds(key, value, above: 0, upTo: 86400))
            case "handler-timeout": handlerTimeout = try Self.seconds(key, value, above: 0, upTo: 3600)
            case "request-log-size": requestLogCapacity = try Self.whole(key, value, 1...100_000)
            default:
                guard let (kind, field) = Self.kindKey(key) else {
                    throw NetworkConfigurationError(
                        message: "[network] unknown key `\(key)`; known: retries, retry-base, retry-cap, retry-after-cap, "
                            + "connect-timeout, request-timeout, <kind>-connect-timeout, <kind>-request-timeout, "
                            + "handler-timeout, request-log-size, recorded-headers")
                }
                var timeouts = timeouts(for: kind)
                let seconds = try Self.seconds(key, value, above: 0, upTo: 86400)
                if field == "connect" { timeouts.connect = seconds } else { timeouts.request = seconds }
                self.timeouts[kind] = timeouts
            }
        }
    }

    /// Applies one `[headers.<name>]` table: `name` is a request kind or `all`.
    public mutating func apply(headerTable name: String, fields: [(String, String)]) throws {
        let kind: HTTPRequestKind?
        if name == "all" {
            kind = nil
        } else if let named = HTTPRequestKind(named: name) {
            kind = named
        } else {
            let kinds = HTTPRequestKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw NetworkConfigurationError(message: "[headers.\(name)]: `\(name)` is not a request kind (all, \(kinds))")
        }
        for (field, value) in fields {
            do {
                let flag = try HeaderFlag(parsing: "\(field): \(value)")
                setHeader(flag.name, flag.value, for: kind)
            } catch let error as HeaderFlagError {
                throw NetworkConfigurationError(message: "[headers.\(name)] \(field): \(error.problem)")
            }
        }
    }

    /// `(kind, "connect"|"request")` for `<kind>-connect-timeout` / `<kind>-request-timeout`.
    private static func kindKey(_ key: String) -> (HTTPRequestKind, String)? {
        for field in ["connect", "request"] where key.hasSuffix("-\(field)-timeout") {
            if let kind = HTTPRequestKind(named: String(key.dropLast("-\(field)-timeout".count))) { return (kind, field) }
        }
        return nil
    }

    private static func order(_ key: String) -> Int { kindKey(key) == nil ? 0 : 1 }

    /// A whole number in `range`.
    private static func whole(_ key: String, _ value: Double, _ range: ClosedRange<Int>) throws -> Int {
        guard value == value.rounded(), value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw bad(key, value, "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(value)
    }

    /// Seconds in `range` (bounded, so that no duration overflows).
    private static func seconds(_ key: String, _ value: Double, _ range: ClosedRange<Double>) throws -> Double {
        guard range.contains(value) else {
            throw bad(key, value, "a number of seconds from \(number(range.lowerBound)) to \(number(range.upperBound))")
        }
        return value
    }

    /// Seconds above `lower`, at most `upper`.
    private static func seconds(_ key: String, _ value: Double, above lower: Double, upTo upper: Double) throws -> Double {
        guard value > lower, value <= upper else {
            throw bad(key, value, "a number of seconds above \(number(lower)) and at most \(number(upper))")
        }
        return value
    }

    private static func bad(_ key: String, _ value: Double, _ expected: String) -> NetworkConfigurationError {
        NetworkConfigurationError(message: "[network] \(key) must be \(expected) (got \(number(value)))")
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
