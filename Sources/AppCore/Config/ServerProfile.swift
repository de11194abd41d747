import EventsAPI
import Foundation
import TOMLKit

/// A named server in the config file, for people with more than one site:
///
/// ```toml
/// [profiles.home]
/// server = "https://nvr.home:8971"
/// backend = "frigate"          # optional, as the top-level key
/// ca-file = "~/.config/eventplayer/home-ca.pem"   # optional, as the top-level key
/// ```
///
/// `--profile home` (or `EVENTPLAYER_PROFILE=home`) picks it; its keys then take the place of
/// the top-level ones (``AppConfig/applying(_:)``). The TUI's server picker offers every profile.
public struct ServerProfile: Sendable, Equatable {
    /// The table's name (`home` in `[profiles.home]`).
    public var name: String
    /// `server`: required.
    public var server: URL
    /// `backend`: auto, events, frigate or zoneminder.
    public var backend: BackendChoice?
    /// `ca-file`: a PEM file of certificate authorities trusted for this server.
    public var caFile: String?

    public init(name: String, server: URL, backend: BackendChoice? = nil, caFile: String? = nil) {
        self.name = name
        self.server = server
        self.backend = backend
        self.caFile = caFile
    }
}

extension AppConfig {
    /// The profile called `name`.
    /// - Throws: ``ConfigError`` naming the profiles there are, when there is none of that name.
    public func profile(named name: String, origin: String) throws(ConfigError) -> ServerProfile {
        if let found = profiles.first(where: { $0.name == name }) { return found }
        let known = profiles.isEmpty ? "the config file has no [profiles.<name>] table"
            : "known: " + profiles.map(\.name).joined(separator: ", ")
        throw ConfigError(file: source?.path, line: nil, "\(origin) \(name): no such profile (\(known))")
    }

    /// This config with `profile`'s keys in place of the top-level ones: its server, and its
    /// backend and ca-file where it names them.
    public func applying(_ profile: ServerProfile) -> AppConfig {
        var config = self
        config.server = profile.server
        if let backend = profile.backend { config.backend = backend }
        if let caFile = profile.caFile { config.caFile = caFile }
        return config
    }

    /// `[profiles.<name>]` tables: each needs `server`; `backend` and `ca-file` are optional.
    func readProfiles(_ value: any TOMLValueConvertible, key: String, file: String) throws(ConfigError) -> [ServerProfile] {
        let example = "e.g. [profiles.home] server = \"https://nvr.home:8971\""
        guard let table = value.table else {
            throw ConfigError(file: file, line: lines.line(of: [key]), "[profiles.<name>] must be tables, \(example) (got \(Self.show(value)))")
        }
        var profiles: [ServerProfile] = []
        for name in lines.inFileOrder(table.keys, under: [key]) {
            func fail(_ path: [String], _ message: String) -> ConfigError {
                ConfigError(file: file, line: lines.line(of: [key, name] + path), "[profiles.\(name)] \(message)")
            }
            guard let entries = table[name]?.table else { throw fail([], "must be a table, \(example)") }
            var server: URL?, backend: BackendChoice?, caFile: String?
            for entry in lines.inFileOrder(entries.keys, under: [key, name]) {
                guard let item = entries[entry] else { continue }
                switch entry {
                case "server":
                    do { server = try Self.serverValue(item) } catch { throw fail([entry], error.message) }
                case "backend":
                    do { backend = try Self.backendValue(item) } catch { throw fail([entry], error.message) }
                case "ca-file":
                    do { caFile = try Self.caFileValue(item) } catch { throw fail([entry], error.message) }
                default:
                    throw fail([entry], "unknown key `\(entry)` (known: server, backend, ca-file)")
                }
            }
            guard let server else { throw fail([], "needs a server, \(example)") }
            profiles.append(ServerProfile(name: name, server: server, backend: backend, caFile: caFile))
        }
        return profiles
    }
}
