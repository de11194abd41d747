import EventsAPI
import Foundation
import Networking
import SystemSupport
import TOMLKit

extension AppConfig {
    /// `$XDG_CONFIG_HOME/eventplayer/config.toml`, else `~/.config/eventplayer/config.toml`.
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        XDGPaths(environment: environment).config.appending(path: "config.toml")
    }

    /// Reads the file at `url`; a file that is not there is an empty config, unless `mustExist`
    /// (a `--config` path, which may also be a pipe: `--config <(…)`). A file that is there but
    /// cannot be read (a symbolic-link loop, no permission, a directory) is an error, never taken
    /// as missing.
    /// - Throws: ``ConfigError`` naming the file, and the line and key where it can.
    public static func load(from url: URL = defaultURL(), mustExist: Bool = false) throws -> AppConfig {
        let data: Data
        do {
            guard let read = try UserFile.read(url.path, allowsPipe: mustExist) else {
                if mustExist { throw ConfigError("config file \(url.path) does not exist") }
                return AppConfig()
            }
            data = read
        } catch let error as UnreadableFile {
            throw ConfigError(file: url.path, line: nil, error.reason)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: url.path, line: nil, "is not UTF-8 text")
        }
        var config = try parse(text, file: url.path)
        config.source = url
        return config
    }

    /// Parses TOML text. Unknown keys are errors, so typos are not silently ignored; every value
    /// is checked here, so a problem names its line.
    public static func parse(_ text: String, file: String = "config.toml") throws -> AppConfig {
        try refuseNulEscapes(text, file: file)
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw tooLargeNumber(error, text: text, file: file)
                ?? ConfigError(file: file, line: error.source.begin.line, error.description)
        }
        var config = AppConfig()
        config.lines = ConfigLines(text, file: file)
        for key in config.lines.inFileOrder(root.keys, under: []) {
            guard let value = root[key] else { continue }
            try config.read(key, value, file: file)
        }
        return config
    }

    /// An integer TOML cannot hold (beyond 64 bits, which TOMLKit refuses while parsing, before any
    /// key is read) as the key's own check says it: its name, what it allows and the number as
    /// written. Nil for any other parse error.
    static func tooLargeNumber(_ error: TOMLParseError, text: String, file: String) -> ConfigError? {
        let description = error.description
        guard description.contains("not representable"), let open = description.firstIndex(of: "'") else { return nil }
        let literal = String(description[description.index(after: open)...].prefix { $0 != "'" })
        let line = error.source.begin.line
        var probe = AppConfig()
        probe.lines = ConfigLines(text, file: file)
        guard let path = probe.lines.path(at: line), let number = Double(literal.replacingOccurrences(of: "_", with: "")) else {
            return nil
        }
        // The same key with the number as a float (which TOML can hold) goes through the key's check.
        var value: any TOMLValueConvertible = number
        for key in path.dropFirst().reversed() {
            let table = TOMLTable()
            table[key] = value
            value = table
        }
        do {
            try probe.read(path[0], value, file: file)
        } catch let refused as ConfigError {
            return ConfigError(file: file, line: line, refused.message.replacingOccurrences(of: "(got \(show(number)))", with: "(got \(literal))"))
        } catch {}
        return ConfigError(file: file, line: line, "\(path.joined(separator: ".")) = \(literal) is too large a number")
    }

    /// The keys of the top level, for messages.
    static let knownKeys = "server, backend, video, video-glyphs, video-protocol, network-mode, audio, log-level, speed, follow, follow-interval, notify, notify-method, notify-score, export-dir, ca-file, [network], [headers.<kind>], [mpv], [camera-sets], [profiles.<name>]"

    private mutating func read(_ key: String, _ value: any TOMLValueConvertible, file: String) throws {
        func fail(_ path: [String], _ message: String) -> ConfigError {
            ConfigError(file: file, line: lines.line(of: path), message)
        }
        switch key {
        case "server":
            do { server = try Self.serverValue(value) } catch { throw fail([key], error.message) }
        case "backend":
            do { backend = try Self.backendValue(value) } catch { throw fail([key], error.message) }
        case "video":
            video = try choice(value, key: key, file: file)
        case "video-glyphs":
            videoGlyphs = try choice(value, key: key, file: file)
        case "video-protocol":
            videoProtocol = try choice(value, key: key, file: file)
        case "network-mode":
            networkMode = try choice(value, key: key, file: file)
        case "audio":
            guard let flag = value.bool else { throw fail([key], "audio must be true or false (got \(Self.show(value)))") }
            audio = flag
        case "log-level":
            logLevel = try choice(value, key: key, file: file)
        case "export-dir":
            guard let path = value.string, !path.isEmpty else {
                throw fail([key], "export-dir must be a directory path string, e.g. \"~/Videos/eventplayer\" (got \(Self.show(value)))")
            }
            exportDir = path
        case "ca-file":
            do { caFile = try Self.caFileValue(value) } catch { throw fail([key], error.message) }
        case "follow":
            guard let flag = value.bool else { throw fail([key], "follow must be true or false (got \(Self.show(value)))") }
            follow = flag
        case "follow-interval":
            guard let number = value.double ?? value.int.map(Double.init), (2...3600).contains(number) else {
                throw fail([key], "follow-interval must be a number of seconds from 2 to 3600 (got \(Self.show(value)))")
            }
            followInterval = number
        case "notify":
            notify = try choice(value, key: key, file: file)
        case "notify-method":
            notifyMethod = try choice(value, key: key, file: file)
        case "notify-score":
            guard let number = value.int, (0...100).contains(number) else {
                throw fail([key], "notify-score must be a whole number from 0 to 100 (got \(Self.show(value)))")
            }
            notifyScore = number
        case "speed":
            guard let number = value.double ?? value.int.map(Double.init), PlaybackSpeed.range.contains(number) else {
                throw fail([key], "speed must be a number from 0.25 to 16 (got \(Self.show(value)))")
            }
            speed = number
        case "network":
            guard let table = value.table else { throw fail([key], "[network] must be a table of numbers (got \(Self.show(value)))") }
            for name in lines.inFileOrder(table.keys, under: [key]) {
                if name == Self.recordedHeadersKey {
                    recordedHeaders = try readRecordedHeaders(table[name], path: [key, name], file: file)
                    continue
                }
                guard let item = table[name], let number = item.double ?? item.int.map(Double.init) else {
                    throw fail([key, name], "[network] \(name) must be a number (got \(table[name].map(Self.show) ?? "nothing"))")
                }
                var check = NetworkConfiguration()
                do { try check.apply(networkTable: [name: number]) } catch { throw fail([key, name], "\(error)") }
                network[name] = number
            }
        case "headers":
            guard let tables = value.table else { throw fail([key], "[headers.<kind>] must be tables of header names and values (got \(Self.show(value)))") }
            for kind in lines.inFileOrder(tables.keys, under: [key]) {
                var check = NetworkConfiguration()
                do { try check.apply(headerTable: kind, fields: []) } catch { throw fail([key, kind], "\(error)") }
                let fields = try pairs(tables[kind], [key, kind], file: file)
                for field in fields {
                    do { try check.apply(headerTable: kind, fields: [(field.name, field.value)]) } catch {
                        throw fail([key, kind, field.name], "\(error)")
                    }
                }
                headers[kind] = fields
            }
        case "mpv":
            mpvOptions = try pairs(value, [key], file: file)
        case "camera-sets":
            cameraSets = try readCameraSets(value, key: key, file: file)
        case "profiles":
            profiles = try readProfiles(value, key: key, file: file)
        default:
            throw fail([key], "unknown key `\(key)` (known: \(Self.knownKeys); see Resources/config.example.toml)")
        }
    }

    /// What is wrong with a key's value, for ``ConfigError`` to place in the file.
    struct ValueProblem: Error {
        let message: String
    }

    /// `server` (top level or a profile's): an http(s) URL, canonical.
    static func serverValue(_ value: any TOMLValueConvertible) throws(ValueProblem) -> URL {
        guard let text = value.string else { throw ValueProblem(message: "server must be an http(s) URL string (got \(show(value)))") }
        do { return try ServerURLError.check(text, origin: "server") } catch { throw ValueProblem(message: error.description) }
    }

    /// `backend` (top level or a profile's): one of the backend choices.
    static func backendValue(_ value: any TOMLValueConvertible) throws(ValueProblem) -> BackendChoice {
        guard let text = value.string, let choice = BackendChoice(rawValue: text) else {
            throw ValueProblem(message: "backend must be one of \(BackendChoice.names.joined(separator: ", ")) (got \(show(value)))")
        }
        return choice
    }

    /// `ca-file` (top level or a profile's): a path.
    static func caFileValue(_ value: any TOMLValueConvertible) throws(ValueProblem) -> String {
        guard let path = value.string, !path.isEmpty else {
            throw ValueProblem(message: "ca-file must be the path of a PEM file of CA certificates, e.g. \"~/.config/eventplayer/home-ca.pem\" (got \(show(value)))")
        }
        return path
    }

    /// A top-level word of a fixed set, by its raw value; anything else names the allowed words.
    private func choice<Choice: ConfigChoice>(_ value: any TOMLValueConvertible, key: String, file: String) throws(ConfigError) -> Choice {
        guard let word = value.string, let choice = Choice(rawValue: word) else {
            throw ConfigError(file: file, line: lines.line(of: [key]), "\(key) must be \(Choice.allowedWords) (got \(Self.show(value)))")
        }
        return choice
    }

    /// A table of strings, numbers or booleans, as name-value pairs sorted by name.
    private func pairs(_ value: (any TOMLValueConvertible)?, _ path: [String], file: String) throws -> [HeaderField] {
        let name = "[\(path.joined(separator: "."))]"
        guard let table = value?.table else {
            throw ConfigError(file: file, line: lines.line(of: path), "\(name) must be a table (got \(value.map(Self.show) ?? "nothing"))")
        }
        return try table.keys.sorted().map { key in
            let item = table[key]
            if let text = item?.string { return HeaderField(name: key, value: text) }
            if let flag = item?.bool { return HeaderField(name: key, value: flag ? "yes" : "no") }
            if let number = item?.int { return HeaderField(name: key, value: String(number)) }
            if let number = item?.double { return HeaderField(name: key, value: String(number)) }
            throw ConfigError(file: file, line: lines.line(of: path + [key]),
                              "\(name) \(key) must be a string, number or boolean (got \(item.map(Self.show) ?? "nothing"))")
        }
    }

    /// A TOML value as the user wrote it, for messages.
    static func show(_ value: any TOMLValueConvertible) -> String {
        switch value.type {
        case .string: return "\"\(value.string ?? "")\""
        case .int: return value.int.map(String.init) ?? "a number"
        case .double: return value.double.map { String($0) } ?? "a number"
        case .bool: return value.bool.map(String.init) ?? "a boolean"
        case .table: return "a table"
        case .array: return "an array"
        default: return "a \(value.type)"
        }
    }
}

// MARK: - NUL escapes

extension AppConfig {
    /// Refuses a `\u0000` or `\U00000000` escape (NUL) in the file: the TOML reader ends the string
    /// there and silently drops the rest (a header value `"a\u0000b"` would be sent as `a`), and no
    /// key of the file can hold a NUL anyway. `\\u0000` (an escaped backslash) is text, not an escape.
    ///
    /// ```swift
    /// try AppConfig.parse("[headers.all]\nX-A = \"a\\u0000b\"")
    /// // config.toml:2: a \u0000 escape (NUL) cannot be used in a value: remove it
    /// ```
    static func refuseNulEscapes(_ text: String, file: String) throws {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let scalars = Array(line.unicodeScalars)
            var backslashes = 0
            for (position, scalar) in scalars.enumerated() {
                if scalar == "\\" { backslashes += 1; continue }
                defer { backslashes = 0 }
                guard backslashes % 2 == 1 else { continue }
                let rest = String(String.UnicodeScalarView(scalars[position...].prefix(9)))
                if rest.hasPrefix("u0000") || rest.hasPrefix("U00000000") {
                    let escape = rest.hasPrefix("u") ? "\\u0000" : "\\U00000000"
                    throw ConfigError(file: file, line: index + 1, "a \(escape) escape (NUL) cannot be used in a value: remove it")
                }
            }
        }
    }
}

// MARK: - [network] recorded-headers

/// `[network] recorded-headers = ["X-Cache", "CF-*"]`: which response headers the request log
/// records keep (see ``RecordedHeaders/init(patterns:)``), checked when the file is read so a
/// mistake names its line.
extension AppConfig {
    static let recordedHeadersKey = "recorded-headers"

    /// `[camera-sets]`: each key a set's name, each value a non-empty list of camera names.
    func readCameraSets(_ value: any TOMLValueConvertible, key: String, file: String) throws(ConfigError) -> [CameraGroup] {
        let example = "e.g. outside = [\"Driveway\", \"Front Door\"]"
        guard let table = value.table else {
            throw ConfigError(file: file, line: lines.line(of: [key]), "[camera-sets] must be a table of names and camera lists, \(example) (got \(Self.show(value)))")
        }
        var sets: [CameraGroup] = []
        for name in lines.inFileOrder(table.keys, under: [key]) {
            let line = lines.line(of: [key, name])
            guard let array = table[name]?.array else {
                throw ConfigError(file: file, line: line, "[camera-sets] \(name) must be a list of camera names, \(example) (got \(table[name].map(Self.show) ?? "nothing"))")
            }
            var cameras: [String] = []
            for item in array {
                guard let camera = item.string, !camera.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw ConfigError(file: file, line: line, "[camera-sets] \(name) must list camera names as strings (got \(Self.show(item)))")
                }
                if !cameras.contains(camera) { cameras.append(camera) }
            }
            guard !cameras.isEmpty else {
                throw ConfigError(file: file, line: line, "[camera-sets] \(name) lists no camera, \(example)")
            }
            sets.append(CameraGroup(name: name, cameras: cameras))
        }
        return sets
    }

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
