import Foundation

/// Reading the configuration from the config file (TOML through TOMLKit's `TOMLDecoder`, or any
/// `Decoder`). Every key is optional; unknown top-level keys are ignored, so the decoder can be
/// pointed at the file's root table:
///
/// ```toml
/// [headers]                  # every request
/// "User-Agent" = "eventplayer/1.0"
/// [headers.mediaSegment]     # one kind (apiAuth, apiEvents, apiTokens, manifestHlsMaster, ...)
/// "X-CDN-Key" = "abc"
///
/// [retry]
/// maxRetries = 3             # retries after the first attempt
/// base = 0.25                # delay before retry n: min(exp(base * n), cap) seconds
/// cap = 5.0
/// retryAfterCap = 30.0       # longest Retry-After honoured (429/503)
///
/// [timeouts]                 # seconds, every kind
/// connect = 10.0
/// request = 30.0
/// [timeouts.mediaSegment]    # one kind
/// request = 60.0
///
/// [requestLog]
/// capacity = 500
/// ```
extension NetworkConfiguration: Decodable {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        self.init()
        let root = try decoder.container(keyedBy: Key.self)
        if root.contains(Key("headers")) {
            let table = try root.nestedContainer(keyedBy: Key.self, forKey: Key("headers"))
            for key in table.allKeys {
                if let value = try? table.decode(String.self, forKey: key) {
                    try checkHeader(key.stringValue, value, table: "[headers]")
                    setHeader(key.stringValue, value)
                    continue
                }
                let kind = try Self.kind(key.stringValue, table: "headers")
                let fields = try table.decode([String: String].self, forKey: key)
                for name in fields.keys.sorted() {
                    try checkHeader(name, fields[name]!, table: "[headers.\(kind.rawValue)]")
                    setHeader(name, fields[name]!, for: kind)
                }
            }
        }
        if root.contains(Key("retry")) {
            let table = try root.nestedContainer(keyedBy: Key.self, forKey: Key("retry"))
            if let value = try Self.number(table, "maxRetries", path: "retry.maxRetries", allowZero: true) {
                guard value == value.rounded() else {
                    throw NetworkConfigurationError(message: "retry.maxRetries must be a whole number (got \(value))")
                }
                retry.maxRetries = Int(value)
            }
            if let value = try Self.number(table, "base", path: "retry.base", allowZero: true) { retry.base = value }
            if let value = try Self.number(table, "cap", path: "retry.cap", allowZero: true) { retry.cap = value }
            if let value = try Self.number(table, "retryAfterCap", path: "retry.retryAfterCap", allowZero: true) {
                retry.retryAfterCap = value
            }
        }
        if root.contains(Key("timeouts")) {
            let table = try root.nestedContainer(keyedBy: Key.self, forKey: Key("timeouts"))
            setTimeouts(connect: try Self.number(table, "connect", path: "timeouts.connect"),
                        request: try Self.number(table, "request", path: "timeouts.request"))
            for key in table.allKeys where key.stringValue != "connect" && key.stringValue != "request" {
                let kind = try Self.kind(key.stringValue, table: "timeouts")
                let sub = try table.nestedContainer(keyedBy: Key.self, forKey: key)
                var value = timeouts(for: kind)
                let path = "timeouts.\(kind.rawValue)"
                if let connect = try Self.number(sub, "connect", path: path + ".connect") { value.connect = connect }
                if let request = try Self.number(sub, "request", path: path + ".request") { value.request = request }
                timeouts[kind] = value
            }
        }
        if root.contains(Key("requestLog")) {
            let table = try root.nestedContainer(keyedBy: Key.self, forKey: Key("requestLog"))
            if let capacity = try Self.number(table, "capacity", path: "requestLog.capacity") {
                requestLogCapacity = Int(capacity)
            }
        }
    }

    /// A number (TOML integer or float) at `key`, checked; nil when absent.
    private static func number(_ table: KeyedDecodingContainer<Key>, _ key: String, path: String,
                               allowZero: Bool = false) throws -> Double? {
        guard table.contains(Key(key)) else { return nil }
        let value: Double
        if let double = try? table.decode(Double.self, forKey: Key(key)) {
            value = double
        } else if let integer = try? table.decode(Int.self, forKey: Key(key)) {
            value = Double(integer)
        } else {
            throw NetworkConfigurationError(message: "\(path) must be a number")
        }
        return try check(value, path, allowZero: allowZero)
    }

    private static func kind(_ name: String, table: String) throws -> HTTPRequestKind {
        guard let kind = HTTPRequestKind(named: name) else {
            let kinds = HTTPRequestKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw NetworkConfigurationError(message: "[\(table).\(name)]: '\(name)' is not a request kind (kinds: \(kinds))")
        }
        return kind
    }

    private static func check(_ value: Double, _ key: String, allowZero: Bool = false) throws -> Double {
        guard value.isFinite, allowZero ? value >= 0 : value > 0 else {
            throw NetworkConfigurationError(
                message: "\(key) must be a number \(allowZero ? "of 0 or more" : "above 0") (got \(value))")
        }
        return value
    }

    private func checkHeader(_ name: String, _ value: String, table: String) throws {
        do { _ = try HeaderFlag(parsing: "\(name): \(value)") } catch let error as HeaderFlagError {
            throw NetworkConfigurationError(message: "\(table) \"\(name)\": \(error.problem)")
        }
    }
}

/// A network setting in the config file that cannot be used.
///
/// ```swift
/// catch let error as NetworkConfigurationError { print("config.toml: \(error)") }
/// ```
public struct NetworkConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Names the key and what is wrong.
    public var message: String

    public var description: String { message }
}
