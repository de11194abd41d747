import EventsAPI
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Networking

extension EventExporter {
    /// One fetched piece, and the plan with fresh tokens when the old ones were refused.
    struct Fetched: Sendable {
        var index: Int
        var data: Data
        var refreshed: ExportPlan?
    }

    /// Fetches piece `index` through the pipeline; a 401/403 lists the media again with fresh
    /// tokens and tries once more.
    func fetch(_ index: Int, of original: ExportPlan, event: Event) async throws -> Fetched {
        var plan = original
        var refreshed: ExportPlan?
        while true {
            let piece = plan.pieces[index]
            // No header: the URLs carry `Authorization=<token>` where the token may go (not on a
            // host reached through a redirect, whose URLs carry their own credential).
            let request = HTTPRequest(kind: piece.kind == .initSegment ? .mediaInit : .mediaSegment, url: piece.url)
            do {
                return Fetched(index: index, data: try await pipeline.send(request).body, refreshed: refreshed)
            } catch let error as NetworkError {
                if error.isCancelled || Task.isCancelled { throw CancellationError() }
                if let status = error.status, status == 401 || status == 403, refreshed == nil {
                    let fresh = try await self.plan(for: event, format: plan.output, refresh: true)
                    refreshed = fresh
                    plan = plan.refreshed(from: fresh)
                    continue
                }
                let what = piece.kind == .initSegment ? "the init segment" : "segment \(index + (plan.pieces[0].kind == .initSegment ? 0 : 1)) of \(plan.segmentCount)"
                throw ExportError("cannot export \(plan.eventID): \(what) failed: \(error); run the same command again to resume")
            }
        }
    }

    /// Turns the complete `.part` into the final file: remuxed by ffmpeg when the container
    /// changes, else renamed; then removes the journal.
    func finish(_ plan: ExportPlan, destination: ExportDestination, force: Bool) async throws {
        try checkFree(destination, force: force)
        if plan.needsRemux {
            _ = unlink(destination.remux.path)   // a leftover, or a planted link (the link goes, never its target)
            try await remuxer.remux(destination.part, to: destination.remux, format: plan.output)
            try rename(destination.remux, to: destination.final)
            try? FileManager.default.removeItem(at: destination.part)
        } else {
            try rename(destination.part, to: destination.final)
        }
        try? FileManager.default.removeItem(at: destination.journal)
    }

    func rename(_ from: URL, to: URL) throws {
        guard Foundation.rename(from.path, to.path) == 0 else {
            throw ExportError("cannot rename \(from.path) to \(to.lastPathComponent): \(String(cString: strerror(errno)))")
        }
    }
}
