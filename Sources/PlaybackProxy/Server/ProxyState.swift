import Foundation
import Networking
import Playlist
import SystemSupport

/// What the proxy's handlers share: configuration, base URL, tokens, cache, counters, listeners.
final class ProxyState: Sendable {
    let configuration: ProxyConfiguration
    /// The random path prefix, without slashes.
    let prefix: String
    /// Grows as playlists are rewritten (the origins they name).
    let origins: Locked<OriginPolicy>
    let tokens: TokenKeeper
    let cache = Locked<[String: Data]>([:])
    /// A playlist `PlaybackProxy.parts()` failed to fetch, by upstream URL: the player's first
    /// request for it gets this status and text (the pipeline already retried).
    let prefetchFailures = Locked<[String: (status: Int, text: String)]>([:])
    let upstream = Locked(0)
    let listeners = ProxyListeners()
    let requestLog: RequestLog
    /// `http://127.0.0.1:<port>/<prefix>/`, set once the port is known.
    let base = Locked<String>("")

    init(configuration: ProxyConfiguration, prefix: String) {
        self.configuration = configuration
        self.prefix = prefix
        self.origins = Locked(OriginPolicy(allowed: [configuration.source.videoURL] + configuration.extraOrigins))
        self.tokens = TokenKeeper(source: configuration.tokens)
        self.requestLog = RequestLog(capacity: configuration.pipeline.configuration.requestLogCapacity)
    }

    var pipeline: NetworkPipeline { configuration.pipeline }

    /// Records one exchange and tells the listeners.
    func record(_ record: RequestRecord) {
        listeners.publish(.request(requestLog.append(record)))
    }

    func failed(_ failure: ProxyFailure) {
        configuration.logger.warning("\(failure.description)")
        listeners.publish(.failed(failure))
    }

    /// 128 random bits as 32 hex digits.
    static func randomPrefix() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", generator.next() as UInt32) }.joined()
    }
}
