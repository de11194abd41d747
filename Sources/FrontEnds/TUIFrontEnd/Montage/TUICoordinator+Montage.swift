import AppCore
import EventsAPI
import Foundation
import Player
import SystemSupport
import TUI
import TUIState

/// The montage (`M`) on the loop's thread: one ``MontagePlayback`` (a runner and a player per tile,
/// one wall clock), its players' descriptors polled by the loop (``wakeDescriptors``), its reports
/// fed to the state, and each tile's frames carried to the tile's pane.
extension TUICoordinator {
    /// Starts a montage of `cameras` at `moment` (the one playing stops first) and fetches the
    /// events around the moment; a montage that cannot start says why.
    func startMontage(cameras: [String], at moment: Date, events: [Event], speed: Double, paused: Bool) -> [AppInput] {
        stopMontage()
        guard let makeTileRunner else { return [.montageFailed("no players for tiles in this session")] }
        do {
            let montage = try MontagePlayback(cameras: cameras, events: events, at: moment, now: .now) {
                try makeTileRunner($0, cameras.count)
            }
            if speed != 1 { _ = montage.perform(.setSpeed(speed)) }
            if paused { _ = montage.perform(.togglePause) }
            self.montage = montage
        } catch {
            return [.montageFailed(UserFacing.message(for: error))]
        }
        fetchMontageEvents(MontageEventSpan(around: moment))
        return montageReport()
    }

    /// Asks for the events of `span` (they come back as ``AppInput/montageEvents(_:)``); a fetch
    /// still on its way for an earlier span is given up.
    private func fetchMontageEvents(_ span: MontageEventSpan) {
        montageSpan = span
        let client = services.backend, inbox = inbox, filter = span.filter
        montageTask?.cancel()
        montageTask = Task { await TUICoordinator.loadMontageEvents(filter: filter, client: client, inbox: inbox) }
    }

    private static func loadMontageEvents(filter: EventFilter, client: any EventBackend, inbox: Mailbox<AppInput>) async {
        var loaded: [Event] = []
        do {
            for try await event in client.allEvents(pageSize: timelinePageSize, filter: filter) { loaded.append(event) }
        } catch {
            guard !Task.isCancelled else { return }
            // The tiles keep what they had; the request log has the failure.
        }
        if let since = filter.since, let until = filter.until, since < until {
            loaded += await recordings(in: since..<until, client: client)
        }
        if !loaded.isEmpty, !Task.isCancelled { inbox.post(.montageEvents(loaded)) }
    }

    /// An NVR's continuous recordings over `range` as events, one per recorded span of each
    /// recording camera: a tile plays its camera's recording where no review item covers the
    /// moment (the montage plays the latest-starting event that covers it). None from the events
    /// service.
    private static func recordings(in range: Range<Date>, client: any EventBackend) async -> [Event] {
        guard let cameras = try? await client.cameras() else { return [] }
        var events: [Event] = []
        for camera in cameras where camera.isEnabled && camera.isRecording {
            guard !Task.isCancelled, let spans = try? await client.coverage(camera: camera.id, in: range) else { continue }
            for span in spans {
                let clipped = max(span.start, range.lowerBound)..<min(span.end, range.upperBound)
                guard !clipped.isEmpty, let event = try? await client.recording(camera: camera.id, in: clipped) else { continue }
                events.append(event)
            }
        }
        return events
    }

    /// A command for every tile; the montage's report follows (a tile's state, its error included,
    /// is in the report: its own playback updates are the montage's to read).
    func performMontage(_ command: MontageCommand) -> [AppInput] {
        guard let montage else { return [] }
        montage.perform(command)
        return montageReport()
    }

    /// Stops every tile's player and forgets the tiles' pictures.
    func stopMontage() {
        montageTask?.cancel()
        montageTask = nil
        montageSpan = nil
        montage?.shutdown()
        montage = nil
        for bridge in tileBridges.values { bridge.clear() }
        tileBridges = [:]
    }

    /// What the montage's players have to say (a wake or a deadline).
    func drainMontage() -> [AppInput] {
        guard let montage else { return [] }
        _ = montage.drain()
        return montageReport()
    }

    /// The montage's snapshot for the state; when its clock nears the end of the events fetched
    /// (played on, or sought past them), the events around its moment are asked for.
    private func montageReport() -> [AppInput] {
        guard let montage else { return [] }
        let snapshot = montage.snapshot
        if let next = montageSpan?.next(at: snapshot.wallTime) { fetchMontageEvents(next) }
        return [.montage(snapshot)]
    }

    /// Each tile on screen gets its player's latest frame, at its pane's size, one tile later each
    /// turn (``TileRotation``: the panes share the terminal, and the last offered drops most).
    func refreshTiles() {
        guard let montage, let tiles = screen.montage?.tiles, let tileVideo else { return }
        for slot in tileRotation.next(count: tiles.count) where tiles[slot].index < montage.cameras.count {
            let tile = tiles[slot]
            let key = TileKey(slot: slot, tile: tile.index)
            let bridge = tileBridges[key] ?? TerminalVideoBridge(frames: montage.frames(tile: tile.index), video: tileVideo(slot))
            if tileBridges[key] == nil {
                tileBridges = tileBridges.filter { $0.key.slot != slot }
                bridge.clear()
                tileBridges[key] = bridge
            }
            bridge.refresh()
        }
    }
}

/// A bridge carries one tile's frames to one pane of the screen (the focused tile alone takes pane 0).
struct TileKey: Hashable {
    let slot: Int
    let tile: Int
}
