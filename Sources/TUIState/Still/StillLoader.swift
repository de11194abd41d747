import AppCore
import Dispatch
import EventsAPI
import Foundation
import Logging
import Player
import Playlist
import Synchronization
import TUI

/// Fetches events' stills (first frames) for the video pane: prepares the event the way its
/// playback would be (tokens; the loopback proxy or private playlists, per `--network`), renders
/// one frame with a short-lived mpv handle (``StillRenderer``) on a serial queue (one handle at
/// a time), removes what it prepared, keeps the picture in a small cache keyed by event and pane
/// geometry, and reports through `report`. A newer ``load(_:geometry:)`` or ``cancel()`` makes
/// the older fetch give up within 50 ms; ``shutdown()`` waits until no mpv thread of it is left.
///
/// ```swift
/// let stills = StillLoader(preparer: preparer, configuration: configuration) { inbox.post($0) }
/// stills.load(event, geometry: video.geometry)      // later: .stillReady(eventID:) or .stillFailed
/// let picture = stills.picture(for: event.id, geometry: video.geometry)
/// ```
public final class StillLoader: Sendable {
    struct Key: Hashable {
        let eventID: String
        let geometry: VideoGeometry
    }

    struct State {
        /// Bumped by every load, cancel and shutdown: a fetch of an older generation gives up.
        var generation = 0
        var isShutDown = false
        /// Renders entered and not finished (their mpv handle may exist).
        var rendering = 0
        var cache: [Key: StillPicture] = [:]
        /// Oldest first, for eviction.
        var order: [Key] = []
        var lastEvent: Event?
    }

    /// Stills kept (a few screens of list browsing).
    static let cacheCapacity = 8
    let preparer: any PlaybackPreparing
    let configuration: PlayerConfiguration
    let report: @Sendable (AppInput) -> Void
    private let queue = DispatchQueue(label: "eventplayer.still")
    private let rendering = DispatchGroup()
    private let state = Mutex(State())

    public init(preparer: any PlaybackPreparing, configuration: PlayerConfiguration,
                report: @escaping @Sendable (AppInput) -> Void) {
        self.preparer = preparer
        self.configuration = configuration
        self.report = report
    }

    /// Fetches the still of `event` at `geometry`'s pixel size, replacing any fetch under way;
    /// answered at once from the cache.
    public func load(_ event: Event, geometry: VideoGeometry) {
        let key = Key(eventID: event.id, geometry: geometry)
        let (generation, cached) = state.withLock { state in
            state.generation += 1
            state.lastEvent = event
            return (state.generation, state.cache[key] != nil || state.isShutDown)
        }
        if cached { return report(.stillReady(eventID: event.id)) }
        guard geometry.showsVideo else { return report(.stillFailed(eventID: event.id)) }
        Task { [self] in
            let prepared: PreparedPlayback
            do {
                prepared = try await preparer.prepare(event, refreshTokens: false)
            } catch {
                Logger(label: "eventplayer.still").notice("no still for \(event.id): \(error)")
                if isCurrent(generation) { report(.stillFailed(eventID: event.id)) }
                return
            }
            render(prepared, key: key, generation: generation)
        }
    }

    /// The last event asked for again, at a new geometry (the pane was resized).
    public func reload(geometry: VideoGeometry) {
        guard let event = state.withLock({ $0.lastEvent }) else { return }
        load(event, geometry: geometry)
    }

    /// Stops the fetch under way (a playback starts, or the selection moved on).
    public func cancel() {
        state.withLock { $0.generation += 1 }
    }

    /// The cached still of `eventID` at `geometry`, if any.
    public func picture(for eventID: String, geometry: VideoGeometry) -> StillPicture? {
        state.withLock { $0.cache[Key(eventID: eventID, geometry: geometry)] }
    }

    /// Renders under way: each has a short-lived mpv handle; 0 once they are destroyed.
    public var rendersUnderWay: Int { state.withLock { $0.rendering } }

    /// Cancels, and waits until the mpv handle of a fetch under way is destroyed (at exit).
    public func shutdown() {
        state.withLock { $0.generation += 1; $0.isShutDown = true }
        rendering.wait()
    }

    private func isCurrent(_ generation: Int) -> Bool {
        state.withLock { !$0.isShutDown && $0.generation == generation }
    }

    /// On the serial queue: one frame, then the prepared files or proxy go.
    private func render(_ prepared: PreparedPlayback, key: Key, generation: Int) {
        let entered = state.withLock { state in
            guard !state.isShutDown, state.generation == generation else { return false }
            rendering.enter()
            state.rendering += 1
            return true
        }
        guard entered else { return preparer.remove(prepared) }
        queue.async { [self] in
            defer {
                preparer.remove(prepared)
                state.withLock { $0.rendering -= 1 }
                rendering.leave()
            }
            do {
                let picture = try StillRenderer.render(
                    prepared.mediaSource, width: key.geometry.pixelWidth, height: key.geometry.pixelHeight,
                    pixelAspect: key.geometry.pixelAspect, configuration: configuration) { !isCurrent(generation) }
                store(picture, for: key)
                report(.stillReady(eventID: key.eventID))
            } catch let error as StillError where error.isCancelled {
                return
            } catch {
                Logger(label: "eventplayer.still").notice("no still for \(key.eventID): \(error)")
                if isCurrent(generation) { report(.stillFailed(eventID: key.eventID)) }
            }
        }
    }

    private func store(_ picture: StillPicture, for key: Key) {
        state.withLock { state in
            if state.cache.updateValue(picture, forKey: key) == nil { state.order.append(key) }
            while state.order.count > Self.cacheCapacity { state.cache[state.order.removeFirst()] = nil }
        }
    }
}
