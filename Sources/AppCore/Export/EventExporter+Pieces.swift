import EventsAPI
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Networking
import Playlist

extension EventExporter {
    /// One fetched piece, and the plan with fresh tokens when the old ones were refused.
    struct Fetched: Sendable {
        var index: Int
        var data: Data
        var refreshed: ExportPlan?
    }

    /// Fetches piece `index` through the pipeline (its byte range with `Range`, decrypted with its
    /// AES-128 key); a 401/403 lists the media again with fresh tokens and tries once more.
    func fetch(_ index: Int, of original: ExportPlan, event: Event) async throws -> Fetched {
        var plan = original
        var refreshed: ExportPlan?
        while true {
            let piece = plan.pieces[index]
            let what = Self.name(of: index, in: plan)
            do {
                return Fetched(index: index, data: try await download(piece, header: plan.header, what: what), refreshed: refreshed)
            } catch let error as NetworkError {
                if error.isCancelled || Task.isCancelled { throw CancellationError() }
                if let status = error.status, status == 401 || status == 403, refreshed == nil {
                    let fresh = try await self.plan(for: event, format: plan.output, refresh: true)
                    refreshed = fresh
                    plan = plan.refreshed(from: fresh)
                    continue
                }
                throw ExportError("cannot export \(plan.eventID): \(what) failed: \(error)", remedy: .resume)
            } catch let error as ExportError {
                throw error.prefixed("cannot export \(plan.eventID): ")
            }
        }
    }

    /// One piece's clear bytes.
    func download(_ piece: ExportPlan.Piece, header: OriginHeader?, what: String) async throws -> Data {
        // The URLs carry `Authorization=<token>` where the token may go (not on a host reached
        // through a redirect, whose URLs carry their own credential); a bearer token that no URL
        // carries goes as the header to the event's own origin only.
        var request = HTTPRequest(kind: piece.kind == .initSegment ? .mediaInit : .mediaSegment, url: piece.url)
        if let header, header.applies(to: piece.url) { request.headers.add(name: "Authorization", value: header.value) }
        if let range = piece.byteRange { request.headers.add(name: "Range", value: range.header) }
        let response = try await pipeline.send(request)
        let data = try Self.body(of: response, range: piece.byteRange, what: what)
        guard let encryption = piece.encryption else { return data }
        let pipeline = self.pipeline
        let key: Data
        do {
            key = try await keys.key(path: encryption.keyPath) {
                try await pipeline.send(HTTPRequest(kind: .keyHlsAes, url: encryption.keyURL)).body
            }
        } catch let error as NetworkError where !error.isCancelled && error.status != 401 && error.status != 403 {
            // A refused token (401/403) goes up to `fetch`, which refreshes it.
            throw ExportError("the AES-128 key of \(what) failed: \(error)", remedy: .resume)
        }
        return try ExportCipher.decrypt(data, key: key, iv: encryption.iv, what: what)
    }

    /// The bytes of `range` in `response`: a 206 holds just them; a server that ignores `Range`
    /// answers 200 with the whole file, which is cut.
    static func body(of response: HTTPResponse, range: M3U8Inventory.ByteRange?, what: String) throws -> Data {
        guard let range else { return response.body }
        if response.status == 206, response.body.count == range.length { return response.body }
        if response.status != 206, response.body.count >= range.offset + range.length {
            return response.body.subdata(in: range.offset..<range.offset + range.length)
        }
        throw ExportError("\(what): the server answered bytes \(range.offset)-\(range.offset + range.length - 1) with \(response.body.count) bytes (status \(response.status))")
    }

    /// "the init segment", "segment 3 of 5", "audio segment 2 of 6" (counted from 1, per track).
    static func name(of index: Int, in plan: ExportPlan) -> String {
        let piece = plan.pieces[index]
        let track = plan.pieces.filter { $0.track == piece.track }
        let prefix = piece.track == .audio ? "audio " : ""
        if piece.kind == .initSegment { return "the \(prefix)init segment" }
        let segments = track.filter { $0.kind == .segment }
        let number = plan.pieces[..<index].filter { $0.track == piece.track && $0.kind == .segment }.count + 1
        return "\(prefix)segment \(number) of \(segments.count)"
    }

    /// Turns the complete `.part` into the final file: remuxed by ffmpeg when the container
    /// changes, timestamps restart or a separate audio rendition is joined, else renamed; then
    /// removes the journal.
    func finish(_ plan: ExportPlan, journal: ExportJournal, destination: ExportDestination, force: Bool) async throws {
        try destination.checkFree(force: force)
        if plan.needsRemux {
            _ = unlink(destination.remux.path)   // a leftover, or a planted link (the link goes, never its target)
            try await remuxer.remux(Self.inputs(plan, journal: journal, part: destination.part), to: destination.remux,
                                    format: plan.output, timestampsRestart: plan.hasDiscontinuity)
            try rename(destination.remux, to: destination.final)
            try? FileManager.default.removeItem(at: destination.part)
        } else {
            try rename(destination.part, to: destination.final)
        }
        try? FileManager.default.removeItem(at: destination.journal)
    }

    /// What ffmpeg reads: the whole `.part`, or, with a separate audio rendition, its video
    /// bytes and its audio bytes (which follow) as two inputs.
    static func inputs(_ plan: ExportPlan, journal: ExportJournal, part: URL) -> [ExportRemuxer.Input] {
        guard let firstAudio = plan.pieces.firstIndex(where: { $0.track == .audio }) else { return [.init(file: part)] }
        let videoBytes = journal.entries.prefix(firstAudio).reduce(0) { $0 + $1.bytes }
        let total = journal.entries.reduce(0) { $0 + $1.bytes }
        return [.init(file: part, bytes: 0..<videoBytes, streams: .video), .init(file: part, bytes: videoBytes..<total, streams: .audio)]
    }

    func rename(_ from: URL, to: URL) throws {
        guard Foundation.rename(from.path, to.path) == 0 else {
            throw ExportError("cannot rename \(from.path) to \(to.lastPathComponent): \(String(cString: strerror(errno)))")
        }
    }
}
