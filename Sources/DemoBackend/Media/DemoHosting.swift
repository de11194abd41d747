import Foundation

/// Where the fixed demo events that exercise redirects and other hosts keep their media (by id):
///
/// - `evt-redirect-same`: the playlist URL answers 302 to a presigned path on the same host;
/// - `evt-redirect-storage`: the same, to "storage" on the second loopback host;
/// - `evt-cdn-segments`: the playlist names its segments as absolute URLs on the second loopback
///   host (a "CDN", which checks the media token like the main host).
///
/// A presigned path is `/presigned/<eventId>/<file>?X-Signature=<sig>`: served without a media
/// token, and refusing a request that carries an `Authorization` query item or header (as a
/// presigned storage URL does). Its playlist names every segment with its own signature.
enum DemoHosting: String, Sendable {
    case redirectSame = "evt-redirect-same"
    case redirectStorage = "evt-redirect-storage"
    case cdnSegments = "evt-cdn-segments"

    /// The presigned path's signature of `path` (FNV-1a over a demo secret and the path, hex).
    static func signature(of path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "eventplayer-demo-presign:\(path)".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// `/presigned/<eventId>/<file>?X-Signature=<sig>`.
    static func presigned(eventID: String, file: String) -> String {
        let path = "/presigned/\(eventID)/\(file)"
        return "\(path)?X-Signature=\(signature(of: path))"
    }

    /// Every URI line of `playlist` (a bare file name) rewritten by `transform`.
    static func mapURIs(_ playlist: String, _ transform: (String) -> String) -> String {
        playlist.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty || line.hasPrefix("#") ? String(line) : transform(String(line))
        }.joined(separator: "\n")
    }
}
