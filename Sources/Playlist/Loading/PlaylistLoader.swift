import Foundation
import Networking
import SystemSupport

/// Turns an event into something the player can open (docs/playback.md): gets the bucket's token,
/// authorises the `videoUrl`, fetches the playlist (token as query item and `Authorization`
/// header; request kinds `manifestHlsMaster`, then `manifestHlsVariant` for a master's variants),
/// rewrites it, and for a complete event writes private files. A 401/403 from any playlist
/// request fetches fresh tokens once (`tokens(refresh: true)`) and starts over.
///
/// ```swift
/// let store = try PlaylistStore()
/// let loader = PlaylistLoader(pipeline: pipeline, store: store)
/// let prepared = try await loader.prepare(source, tokens: provider)
/// // play prepared.url with header "Authorization: \(prepared.token)"; afterwards:
/// loader.finish(prepared)
/// ```
public final class PlaylistLoader: Sendable {
    public let pipeline: NetworkPipeline
    public let store: PlaylistStore
    /// Complete or live (injected clock).
    public let policy: EndListPolicy
    /// Caps for every playlist fetched.
    public let limits: M3U8Rewriter.Limits

    public init(pipeline: NetworkPipeline, store: PlaylistStore, now: @escaping @Sendable () -> Date = { Date() },
                limits: M3U8Rewriter.Limits = .init()) {
        self.pipeline = pipeline
        self.store = store
        self.policy = EndListPolicy(now: now)
        self.limits = limits
    }

    /// Prepares `source` for playback.
    /// - Throws: ``PlaylistLoadError`` (its `underlying` is the cause).
    public func prepare(_ source: PlaybackSource, tokens provider: any PlaybackTokenProvider) async throws -> PreparedPlayback {
        let playbackID = UUID().uuidString
        var timings = StartupTimings()
        let complete = policy.isComplete(source)
        var refresh = false
        while true {
            let start = ContinuousClock.now
            let token: String
            do {
                token = source.credential == .none ? "" : try await provider.tokens(refresh: refresh).token(forBucket: source.bucket)
            } catch {
                throw PlaylistLoadError(.tokens, eventID: source.eventID, error)
            }
            timings.tokensMilliseconds += (ContinuousClock.now - start).milliseconds
            do {
                if source.isFile { return try await attemptFile(source, token: token, complete: complete, playbackID: playbackID, timings: timings) }
                return try await attempt(source, token: token, complete: complete, playbackID: playbackID, timings: &timings)
            } catch let error as PlaylistLoadError where error.isUnauthorized && !refresh {
                store.remove(playback: playbackID)
                refresh = true
                timings.tokenRefreshes += 1
            } catch {
                store.remove(playback: playbackID)
                throw error
            }
        }
    }

    /// Removes the private files of `playback` (call when it ends; ``PlaylistStore/removeAll()`` at exit).
    public func finish(_ playback: PreparedPlayback) {
        store.remove(playback: playback.playbackID)
    }
}
