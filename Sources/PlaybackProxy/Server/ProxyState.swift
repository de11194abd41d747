import Foundation
import Networking
import Playlist
import SystemSupport

/// One registered playback's state, shared by its handlers: configuration, prefix, tokens, cache,
/// counters, listeners. Nothing in it is shared with another playback.
final class ProxyState: Sendable {
    let configuration: ProxyConfiguration
    /// The random path prefix, without slashes.
    let prefix: String
    /// `http://127.0.0.1:<port>/<prefix>/`.
    let base: String
    /// The event's entry playlist, without the token (the proxy adds the current one itself).
    let entry: ProxiedURI
    /// Grows as playlists are rewritten (the origins they name).
    let origins: Locked<OriginPolicy>
    let tokens: TokenKeeper
    let cache = Locked<[String: Data]>([:])
    /// A playlist `ProxiedPlayback.parts()` failed to fetch, by upstream URL: the player's first
    /// request for it gets this status and text (the pipeline already retried).
    let prefetchFailures = Locked<[String: (status: Int, text: String)]>([:])
    let upstream = Locked(0)
    let listeners = ProxyListeners()
    let requestLog: RequestLog
    /// Set when the playback is unregistered (or the server stopped): bodies still streaming stop.
    private let closed = Locked(false)

    init(configuration: ProxyConfiguration, prefix: String, base: String) {
        self.configuration = configuration
        self.prefix = prefix
        self.base = base
        // The entry is the playlist, or the video itself when it is one file (ZoneMinder's MP4).
        let source = configuration.source
        self.entry = ProxiedURI(kind: source.isFile ? .mediaSegment : .manifestHlsMaster,
                                upstream: source.credential.withoutToken(Self.withoutToken(source.videoURL)))
        self.origins = Locked(OriginPolicy(allowed: [configuration.source.videoURL] + configuration.extraOrigins))
        self.tokens = TokenKeeper(source: configuration.tokens)
        self.requestLog = RequestLog(capacity: configuration.pipeline.configuration.requestLogCapacity)
    }

    var pipeline: NetworkPipeline { configuration.pipeline }

    /// Where upstream requests carry the credential.
    var credential: CredentialPlacement { configuration.source.credential }

    /// Records one exchange and tells the listeners.
    func record(_ record: RequestRecord) {
        listeners.publish(.request(requestLog.append(record)))
    }

    func failed(_ failure: ProxyFailure) {
        configuration.logger.warning("\(failure.description)")
        listeners.publish(.failed(failure))
    }

    /// No longer served: bodies still streaming stop at their next chunk; the event streams finish.
    func close() {
        closed.value = true
        listeners.finish()
    }

    var isClosed: Bool { closed.value }

    /// 128 random bits as 32 hex digits.
    static func randomPrefix() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", generator.next() as UInt32) }.joined()
    }

    /// `url` without `Authorization` query items (the proxy adds the current token itself).
    static func withoutToken(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let items = components.percentEncodedQueryItems else { return url }
        let kept = items.filter { $0.name.lowercased() != "authorization" }
        components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
        return components.url ?? url
    }
}
