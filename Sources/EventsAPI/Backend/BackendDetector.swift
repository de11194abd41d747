import Foundation
import Networking

/// Finds which API a server speaks (`--backend auto`), with unauthenticated requests: ZoneMinder
/// answers `GET <zm>/api/host/getVersion.json` with its version (authentication off) or its JSON
/// 401 (``ZoneMinderClient/probe(server:pipeline:)``); else `GET /api/version` answers Frigate's
/// version as plain text on its unauthenticated port and 401 on its authenticated one; anything
/// else is the events service.
///
/// ```swift
/// let found = try await BackendDetector.detect(server: url, pipeline: pipeline)
/// // .frigate(requiresSignIn: false, version: "0.16.2-…") on port 5000
/// ```
public enum BackendDetector {
    /// What the probe found.
    public enum Found: Sendable, Equatable {
        case events
        case frigate(requiresSignIn: Bool, version: String?)
        case zoneminder(requiresSignIn: Bool, version: String?)

        public var kind: BackendKind {
            switch self {
            case .events: .events
            case .frigate: .frigate
            case .zoneminder: .zoneminder
            }
        }

        public var requiresSignIn: Bool {
            switch self {
            case .events: true
            case .frigate(let requires, _), .zoneminder(let requires, _): requires
            }
        }
    }

    /// Probes `server`. An unreachable server (or a TLS failure) is thrown as the events API's
    /// error would be: the user learns why before any sign-in.
    public static func detect(server: URL, pipeline: NetworkPipeline) async throws -> Found {
        if let zoneminder = try await ZoneMinderClient.probe(server: server, pipeline: pipeline) { return zoneminder }
        let request = HTTPRequest(kind: .apiAuth, url: server.appending(path: "api/version"), headers: [("Accept", "text/plain")])
        do {
            let response = try await pipeline.send(request)
            let text = String(decoding: response.body.prefix(64), as: UTF8.self)
            let type = response.headers["Content-Type"]?.lowercased() ?? ""
            if let version = FrigateVersion(text), !type.contains("html") {
                return .frigate(requiresSignIn: false, version: version.text)
            }
            return .events
        } catch let error as NetworkError where error.status == 401 {
            return .frigate(requiresSignIn: true, version: nil)
        } catch let error as NetworkError where error.status != nil {
            return .events
        } catch {
            throw EventsClient(server: server, pipeline: pipeline).translate(error)
        }
    }
}
