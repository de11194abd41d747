import Foundation
import Logging
import Networking
import Playlist

/// What the proxy serves for one playback, and how (``PlaybackProxyServer/register(_:)``).
///
/// ```swift
/// let configuration = ProxyConfiguration(
///     source: PlaybackSource(eventID: event.id, videoURL: event.videoUrl, bucket: event.bucket,
///                            startTime: event.startTime, endTime: event.endTime),
///     pipeline: services.pipeline,
///     tokens: BucketTokenSource(provider: services.playbackTokens, bucket: event.bucket))
/// let playback = try server.register(configuration)
/// ```
public struct ProxyConfiguration: Sendable {
    /// The event: its `videoUrl` is the entry playlist; its times decide the end-list policy.
    public var source: PlaybackSource
    /// Every upstream request goes through it (kinds, headers, filters, retries, request log).
    public var pipeline: NetworkPipeline
    /// The media token, refreshed on 401/403.
    public var tokens: any MediaTokenSource
    /// Complete or live, asked on every playlist fetch.
    public var policy: EndListPolicy
    /// Origins (scheme://host[:port]) the proxy may forward to besides the `videoUrl`'s own,
    /// e.g. a CDN that the events service hands segments out from.
    public var extraOrigins: [URL]
    /// Limits for each playlist rewritten.
    public var limits: M3U8Rewriter.Limits
    /// Receives this playback's messages: the requests given up on (silent by default).
    public var logger: Logger
    /// The pixels the picture is shown at (a montage tile): a master playlist is served with only
    /// its smallest variant that covers them (``M3U8Inventory/smallestVariant(covering:_:)``),
    /// so the player fetches no more than the tile shows. Nil serves every variant (mpv picks).
    public var variantCovering: M3U8Inventory.Resolution?

    public init(source: PlaybackSource, pipeline: NetworkPipeline, tokens: any MediaTokenSource,
                policy: EndListPolicy = EndListPolicy(), extraOrigins: [URL] = [],
                limits: M3U8Rewriter.Limits = .init(),
                logger: Logger = Logger(label: "eventplayer.proxy", factory: { _ in SwiftLogNoOpLogHandler() }),
                variantCovering: M3U8Inventory.Resolution? = nil) {
        self.source = source
        self.pipeline = pipeline
        self.tokens = tokens
        self.policy = policy
        self.extraOrigins = extraOrigins
        self.limits = limits
        self.logger = logger
        self.variantCovering = variantCovering
    }
}
