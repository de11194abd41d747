import Foundation
import Networking

/// A video that is one file (``PlaybackSource/isFile``: ZoneMinder's MP4): nothing to rewrite or
/// write; its first bytes are asked for once, so that a refused token (a web page where the video
/// should be) is refreshed here and an empty answer said in words, before the player opens it.
extension PlaylistLoader {
    func attemptFile(_ source: PlaybackSource, token: String, complete: Bool, playbackID: String,
                     timings: StartupTimings) async throws -> PreparedPlayback {
        let id = source.eventID
        let url = source.credential.authorizing(source.videoURL, token: token)
        if source.isLiveFeed {
            // An endless answer: nothing to read first; the player's own request shows a refusal.
            var prepared = PreparedPlayback(eventID: id, playbackID: playbackID, url: url, token: "", isComplete: false,
                                            remoteURL: source.credential.withoutToken(url), timings: timings)
            prepared.playerSendsToken = false
            prepared.isLiveFeed = true
            return prepared
        }
        var mark = ContinuousClock.now
        let response: HTTPResponse
        do {
            response = try await pipeline.send(HTTPRequest(kind: .mediaSegment, url: url, headers: [("Range", "bytes=0-15")]))
        } catch let error as NetworkError {
            throw PlaylistLoadError(.fetchFile, eventID: id, error)
        }
        let type = response.headers["Content-Type"]
        if source.credential.isRefusal(contentType: type) {
            throw PlaylistLoadError(.fetchFile, eventID: id, MediaRefusedError(target: HTTPRequest(kind: .mediaSegment, url: url).loggableTarget))
        }
        if response.body.isEmpty {
            throw PlaylistLoadError(.fetchFile, eventID: id, EmptyVideoError())
        }
        var timings = timings
        timings.fetchMilliseconds += lap(&mark)
        var prepared = PreparedPlayback(eventID: id, playbackID: playbackID, url: url, token: "", isComplete: complete,
                                        remoteURL: source.credential.withoutToken(url), timings: timings)
        prepared.playerSendsToken = false
        return prepared
    }
}

extension PlaylistLoader {
    /// The bytes of each piece fetched.
    static let filePieceBytes = 1 << 20
    /// The bytes of the first piece, which stands as the init segment.
    static let fileHeadBytes = 64 << 10

    /// A video that is one file, listed for export as byte ranges of it (its first 64 KiB standing
    /// as the init segment, so that it is saved as the MP4 it is; then 1 MiB each), their durations
    /// shared out by size over the event's length. Its size comes from a first request for one
    /// byte (`Content-Range`), which also shows a refused token (a web page) or a missing file.
    func fileListing(_ source: PlaybackSource, token: String) async throws -> MediaListing {
        let id = source.eventID
        let url = source.credential.authorizing(source.videoURL, token: token)
        let response: HTTPResponse
        do {
            response = try await pipeline.send(HTTPRequest(kind: .mediaSegment, url: url, headers: [("Range", "bytes=0-0")]))
        } catch let error as NetworkError {
            throw PlaylistLoadError(.fetchFile, eventID: id, error)
        }
        if source.credential.isRefusal(contentType: response.headers["Content-Type"]) {
            throw PlaylistLoadError(.fetchFile, eventID: id, MediaRefusedError(target: HTTPRequest(kind: .mediaSegment, url: url).loggableTarget))
        }
        let total = response.headers["Content-Range"].flatMap { $0.split(separator: "/").last.flatMap { Int($0) } }
            ?? (response.status == 200 ? response.headers["Content-Length"].flatMap(Int.init) : nil)
        guard let size = total, size > 0, !response.body.isEmpty else {
            throw PlaylistLoadError(.fetchFile, eventID: id, EmptyVideoError())
        }
        guard size > 1 else { throw PlaylistLoadError(.fetchFile, eventID: id, EmptyVideoError()) }
        let duration = max(0, source.endTime.map { $0.timeIntervalSince(source.startTime) } ?? 0)
        var inventory = M3U8Inventory()
        // The head stands as the init segment (so the export knows an MP4), the rest as segments.
        let head = min(size - 1, Self.fileHeadBytes)
        inventory.initSegmentURI = url.absoluteString
        inventory.initSegmentByteRange = M3U8Inventory.ByteRange(length: head, offset: 0)
        var offset = head
        while offset < size {
            let length = min(Self.filePieceBytes, size - offset)
            inventory.segments.append(M3U8Inventory.Segment(uri: url.absoluteString, duration: duration * Double(length) / Double(size - head),
                                                            byteRange: M3U8Inventory.ByteRange(length: length, offset: offset),
                                                            sequence: inventory.segments.count))
            offset += length
        }
        inventory.usesByteRanges = true
        inventory.summary.segmentCount = inventory.segments.count
        inventory.summary.totalDuration = duration
        inventory.summary.hasEndList = true
        return MediaListing(token: token, playlistURL: url, inventory: inventory)
    }
}

/// The server answered the video's first bytes with nothing (ZoneMinder for an event it has no
/// file of: `200 video/mp4`, empty).
struct EmptyVideoError: Error, Sendable, CustomStringConvertible {
    var description: String { "the server sent no video for this event (an empty answer): its file is missing on the server" }
}
