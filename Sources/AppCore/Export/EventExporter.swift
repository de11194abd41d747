import EventsAPI
import Foundation
import Logging
import Networking
import Playlist
import SystemSupport

/// Saves an event's video to one file (for the `export` command and the
/// TUI's `e` key): lists the media (a master's best variant and its separate audio rendition),
/// fetches the init segment and the segments (a few at once, written in order; byte ranges with
/// `Range`; AES-128 ones decrypted with keys fetched as kind `keyHlsAes` and kept in memory only)
/// through the network pipeline (kinds `mediaInit`/`mediaSegment`, filters, retries) with the
/// media token, appends them to `<final>.part` and records each in `<final>.part.json`, remuxes
/// with ffmpeg when the container changes, timestamps restart or a separate audio rendition is
/// joined, and renames to the final name when complete. A rerun resumes from the journal. Cancelling the task stops between reads
/// and keeps what was written.
///
/// ```swift
/// let exporter = try EventExporter(services: services)
/// let plan = try await exporter.plan(for: event, format: nil)
/// let destination = ExportDestination(output: nil, defaultName: ExportNaming.defaultName(
///     camera: event.cameraName, start: event.startTime, format: plan.output))
/// let outcome = try await exporter.run(plan, event: event, to: destination, force: false) { print($0.line()) }
/// ```
public final class EventExporter: Sendable {
    let pipeline: NetworkPipeline
    let loader: PlaylistLoader
    let tokens: APITokenProvider
    let remuxer: ExportRemuxer
    /// AES-128 keys of the running export, in memory only.
    let keys = ExportKeyRing()
    let now: @Sendable () -> Date
    let logger = Logger(label: "eventplayer.export")
    /// Pieces fetched at once (they are written in order).
    let concurrency: Int

    public init(services: AppServices, concurrency: Int = 4, remuxer: ExportRemuxer = ExportRemuxer(),
                now: @escaping @Sendable () -> Date = { Date() }) throws {
        self.concurrency = max(1, concurrency)
        pipeline = services.pipeline
        loader = PlaylistLoader(pipeline: services.pipeline, store: try PlaylistStore(), now: now)
        tokens = APITokenProvider(cache: services.tokens)
        self.remuxer = remuxer
        self.now = now
    }

    /// What exporting `event` fetches now (`refresh`: with fresh media tokens).
    public func plan(for event: Event, format: ExportFormat?, refresh: Bool = false) async throws -> ExportPlan {
        let listing = try await loader.mediaListing(event.playbackSource, tokens: tokens, refresh: refresh)
        return try ExportPlan(event: event, listing: listing, format: format, now: now())
    }

    /// How a finished export went.
    public struct Outcome: Sendable, Equatable {
        /// The file written.
        public var file: URL
        /// Its size.
        public var bytes: Int
        /// Pieces that were already in the `.part` from an earlier run.
        public var resumedPieces: Int
    }

    /// Downloads `plan` into `destination` (resuming), remuxes if needed, and renames the result
    /// to the final name. Throws `CancellationError` when cancelled (the `.part` and journal stay).
    public func run(_ plan: ExportPlan, event: Event, to destination: ExportDestination, force: Bool,
                    progress: @Sendable (ExportProgress) -> Void) async throws -> Outcome {
        try destination.checkFree(force: force)
        let start = resumePoint(plan, at: destination)
        var journal = (ExportJournal.load(from: destination.journal) ?? ExportJournal(eventID: plan.eventID, source: plan.source))
            .trimmed(to: start)
        if journal.eventID != plan.eventID || journal.source != plan.source {
            journal = ExportJournal(eventID: plan.eventID, source: plan.source)
        }
        let file = destination.isStandardOutput ? ExportFile.standardOutput() : try ExportFile(part: destination.part, keeping: start.bytes)
        defer { file.close() }
        if !destination.isStandardOutput { try journal.save(to: destination.journal) }
        var plan = plan
        var bytes = start.bytes, bytesThisRun = 0
        let began = ContinuousClock.now
        func report(_ done: Int) {
            progress(ExportProgress(piecesDone: done, pieceCount: plan.pieces.count, bytes: bytes, bytesThisRun: bytesThisRun,
                                    elapsed: (ContinuousClock.now - began).milliseconds / 1000))
        }
        report(start.piece)
        logger.info("export started", metadata: ["event": "\(plan.eventID)", "pieces": "\(plan.pieces.count)",
                                                 "resumedPieces": "\(start.piece)", "file": "\(destination.final.path)"])
        // Up to `concurrency` pieces in flight; written strictly in order, each recorded once written.
        do {
            try await withThrowingTaskGroup(of: Fetched.self) { group in
                var next = start.piece, written = start.piece
                var ready: [Int: Data] = [:]
                while written < plan.pieces.count {
                    while next < plan.pieces.count, next - written < concurrency {
                        let index = next, snapshot = plan
                        group.addTask { try await self.fetch(index, of: snapshot, event: event) }
                        next += 1
                    }
                    guard let fetched = try await group.next() else { break }
                    if let fresh = fetched.refreshed { plan = plan.refreshed(from: fresh) }
                    ready[fetched.index] = fetched.data
                    while let data = ready.removeValue(forKey: written) {
                        try file.append(data)
                        bytes += data.count
                        bytesThisRun += data.count
                        let entry = ExportJournal.Entry(key: plan.pieces[written].key, bytes: data.count)
                        journal.entries.append(entry)
                        if !destination.isStandardOutput { try ExportJournal.append(entry, to: destination.journal) }
                        written += 1
                        report(written)
                    }
                }
            }
        } catch {
            await keys.removeAll()
            throw error
        }
        await keys.removeAll()
        try file.finish()
        if !destination.isStandardOutput { try await finish(plan, journal: journal, destination: destination, force: force) }
        let size = destination.isStandardOutput ? bytes : (try? FileManager.default.attributesOfItem(atPath: destination.final.path)[.size] as? Int) ?? bytes
        logger.info("export saved", metadata: ["event": "\(plan.eventID)", "bytes": "\(size)", "remuxed": "\(plan.needsRemux)"])
        return Outcome(file: destination.final, bytes: size, resumedPieces: start.piece)
    }
}

// MARK: - Resume point

extension EventExporter {
    /// Where `destination`'s `.part` would resume for `plan` (nothing kept: 0, 0).
    public func resumePoint(_ plan: ExportPlan, at destination: ExportDestination) -> ExportJournal.ResumePoint {
        guard !destination.isStandardOutput, let journal = ExportJournal.load(from: destination.journal),
              let size = try? FileManager.default.attributesOfItem(atPath: destination.part.path)[.size] as? Int else {
            return .init(piece: 0, bytes: 0)
        }
        return journal.resumePoint(for: plan, partSize: size)
    }
}
