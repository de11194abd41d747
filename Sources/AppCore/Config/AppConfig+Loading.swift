import Foundation
import TOMLKit

/// Why the config file could not be used: names the file, and the line where it can.
public struct ConfigError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension AppConfig {
    /// `$XDG_CONFIG_HOME/eventplayer/config.toml`, else `~/.config/eventplayer/config.toml`.
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        XDGPaths(environment: environment).config.appending(path: "config.toml")
    }

    /// Reads the file at `url`; a missing file is an empty config.
    public static func load(from url: URL = defaultURL()) throws -> AppConfig {
        guard let data = FileManager.default.contents(atPath: url.path) else { return AppConfig() }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError("\(url.path): not UTF-8 text")
        }
        var config = try parse(text, file: url.path)
        config.source = url
        return config
    }

    /// Parses TOML text. Unknown keys are errors, so typos are not silently ignored.
    public static func parse(_ text: String, file: String = "config.toml") throws -> AppConfig {
        let root: [String: Any]
        do {
            let table = try TOMLTable(string: text)
            let json = Data(table.convert(to: .json).utf8)
            root = (try JSONSerialization.jsonObject(with: json) as? [String: Any]) ?? [:]
        } catch let error as TOMLParseError {
            throw ConfigError("\(file):\(error.source.begin.line): \(error.description)")
        }
        var config = AppConfig()
        for (key, value) in root {
            switch key {
            case "server":
                let text = try string(value, key, file)
                guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https" else {
                    throw ConfigError("\(file): `server` must be an http(s) URL, not \(text)")
                }
                config.server = url
            case "video":
                let mode = try string(value, key, file)
                guard ["auto", "window", "terminal", "none"].contains(mode) else {
                    throw ConfigError("\(file): `video` must be auto, window, terminal or none, not \(mode)")
                }
                config.video = mode
            case "audio":
                guard let flag = value as? Bool else { throw ConfigError("\(file): `audio` must be true or false") }
                config.audio = flag
            case "log-level":
                config.logLevel = try string(value, key, file)
            case "network":
                config.network = try numbers(value, "network", file)
            case "headers":
                guard let tables = value as? [String: Any] else { throw ConfigError("\(file): `headers` must be a table of tables") }
                for (kind, fields) in tables {
                    config.headers[kind] = try pairs(fields, "headers.\(kind)", file)
                }
            case "mpv":
                config.mpvOptions = try pairs(value, "mpv", file)
            default:
                throw ConfigError("\(file): unknown key `\(key)` (see Resources/config.example.toml)")
            }
        }
        return config
    }

    private static func string(_ value: Any, _ key: String, _ file: String) throws -> String {
        guard let text = value as? String else { throw ConfigError("\(file): `\(key)` must be a string") }
        return text
    }

    private static func numbers(_ value: Any, _ key: String, _ file: String) throws -> [String: Double] {
        guard let table = value as? [String: Any] else { throw ConfigError("\(file): `\(key)` must be a table") }
        return try table.mapValues { item in
            guard let number = item as? NSNumber, !(item is Bool) else {
                throw ConfigError("\(file): every key in [\(key)] must be a number")
            }
            return number.doubleValue
        }
    }

    private static func pairs(_ value: Any, _ key: String, _ file: String) throws -> [HeaderField] {
        guard let table = value as? [String: Any] else { throw ConfigError("\(file): `\(key)` must be a table") }
        return try table.keys.sorted().map { name in
            switch table[name] {
            case let text as String: return HeaderField(name: name, value: text)
            case let flag as Bool: return HeaderField(name: name, value: flag ? "yes" : "no")
            case let number as NSNumber: return HeaderField(name: name, value: number.stringValue)
            default: throw ConfigError("\(file): [\(key)] \(name) must be a string, number or boolean")
            }
        }
    }
}
