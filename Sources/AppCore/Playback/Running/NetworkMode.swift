/// How the player's own requests (playlists, segments, keys) travel (`--network`, `network-mode`).
///
/// - `proxy` (default): through a loopback ``ProxyPreparer`` proxy, so the network pipeline's
///   headers, filters, retries and request log apply to every segment, and an expired media token
///   is replaced without reloading the player.
/// - `direct`: mpv fetches media itself from private rewritten playlists (one header for every
///   request, ffmpeg's own retry: one, then the segment is skipped).
///
/// ```swift
/// let mode = NetworkMode.resolve(flag: .direct, config: services.config)
/// ```
public enum NetworkMode: String, Sendable, CaseIterable {
    case direct, proxy

    /// The flag, else the config file's `network-mode`, else ``proxy``.
    public static func resolve(flag: NetworkMode?, config: AppConfig) -> NetworkMode {
        flag ?? config.networkMode ?? .proxy
    }

    /// The preparer for this mode.
    public func preparer(services: AppServices) throws -> any PlaybackPreparing {
        switch self {
        case .direct: try PlaybackPreparer(services: services)
        case .proxy: ProxyPreparer(services: services)
        }
    }
}
