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
            case "retries":
                guard value >= 0, value == value.rounded(), value < 1000 else { throw Self.bad(key, value, "a whole number of 0 or more") }
                retry.maxRetries = Int(value)
            case "retry-base": retry.base = try Self.check(key, value, allowZero: true)
            case "retry-cap": retry.cap = try Self.check(key, value, allowZero: true)
            case "retry-after-cap": retry.retryAfterCap = try Self.check(key, value, allowZero: true)
            case "connect-timeout": setTimeouts(connect: try Self.check(key, value))
            case "request-timeout": setTimeouts(request: try Self.check(key, value))
            case "handler-timeout": handlerTimeout = try Self.check(key, value)
            case "request-log-size":
                guard value >= 1, value == value.rounded() else { throw Self.bad(key, value, "a whole number above 0") }
                requestLogCapacity = Int(value)
            default:
                guard let (kind, field) = Self.kindKey(key) else {
                    throw NetworkConfigurationError(
                        message: "[network] unknown key `\(key)`; known: retries, retry-base, retry-cap, retry-after-cap, "
                            + "connect-timeout, request-timeout, <kind>-connect-timeout, <kind>-request-timeout, "
                            + "handler-timeout, request-log-size")
                }
                var timeouts = timeouts(for: kind)
                if field == "connect" { timeouts.connect = try Self.check(key, value) } else { timeouts.request = try Self.check(key, value) }
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

    private static func check(_ key: String, _ value: Double, allowZero: Bool = false) throws -> Double {
        guard value.isFinite, allowZero ? value >= 0 : value > 0 else {
            throw bad(key, value, allowZero ? "a number of 0 or more" : "a number above 0")
        }
        return value
    }

    private static func bad(_ key: String, _ value: Double, _ expected: String) -> NetworkConfigurationError {
        NetworkConfigurationError(message: "[network] \(key) must be \(expected) (got \(value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)))")
    }
}
