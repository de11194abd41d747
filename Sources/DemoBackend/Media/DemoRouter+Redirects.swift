import Foundation
import SystemSupport

/// The media of ``DemoHosting`` events: the redirect of their playlist URL, the presigned paths,
/// and the CDN playlist naming the second loopback host.
extension DemoRouter {
    /// For a ``DemoHosting`` event's playlist (after the media token was accepted): the 302 to its
    /// presigned path, or the playlist naming the CDN. Nil for anything else.
    /// Their other files are not on the main host: a segment resolved against the wrong base 404s.
    func hostedPlaylist(_ event: DemoEvent, file: String, request: RequestInfo) -> Reply? {
        guard let hosting = DemoHosting(rawValue: event.id) else { return nil }
        guard file == event.playlist else {
            let onSecondHost = request.header(":authority").map { "http://\($0)" } == context.secondBaseURL.value?.absoluteString
            if hosting == .cdnSegments && onSecondHost { return nil }
            return .error(404, "not_found", hosting == .cdnSegments
                ? "The segments of \(event.id) are on the CDN host its playlist names, not here."
                : "The media of \(event.id) is only at its presigned path.")
        }
        switch hosting {
        case .redirectSame:
            return Self.redirect(to: DemoHosting.presigned(eventID: event.id, file: file))
        case .redirectStorage:
            guard let second = context.secondBaseURL.value else { return Self.noSecondHost }
            return Self.redirect(to: second.absoluteString + DemoHosting.presigned(eventID: event.id, file: file))
        case .cdnSegments:
            guard let second = context.secondBaseURL.value else { return Self.noSecondHost }
            guard let text = try? String(contentsOf: event.mediaDirectory.appendingPathComponent(file), encoding: .utf8) else {
                return .error(404, "not_found", "No file \(file) for \(event.id).")
            }
            let folder = request.path.split(separator: "/").dropLast().joined(separator: "/")
            let playlist = DemoHosting.mapURIs(text) { "\(second.absoluteString)/\(folder)/\($0)" }
            return .data(Data(playlist.utf8), contentType: MediaContentType.playlist)
        }
    }

    /// `GET /presigned/<eventId>/<file>?X-Signature=<sig>`: no media token, and none allowed.
    func presigned(_ request: RequestInfo) -> Reply {
        if request.queryItems.contains(where: { $0.name.lowercased() == "authorization" })
            || request.header("Authorization") != nil {
            return .error(400, "extra_credential",
                          "A presigned URL carries its own credential (X-Signature); remove the Authorization query item or header.")
        }
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[1] == "presigned", let hosting = DemoHosting(rawValue: String(parts[2])),
              hosting != .cdnSegments, let event = context.eventsByID[hosting.rawValue] else {
            return .error(404, "not_found", "Presigned paths look like /presigned/<eventId>/<file>.")
        }
        let file = String(parts[3])
        guard request.queryValue("X-Signature") == DemoHosting.signature(of: request.path) else {
            return .error(403, "bad_signature", "The X-Signature does not match this path.")
        }
        guard !file.isEmpty, !file.hasPrefix("."), !file.contains("%"),
              let data = try? Data(contentsOf: event.mediaDirectory.appendingPathComponent(file)) else {
            return .error(404, "not_found", "No file \(file) for \(event.id).")
        }
        guard file == event.playlist else {
            return .data(data, contentType: MediaContentType.forFile(named: file, firstByte: data.first))
        }
        // Relative URIs, each with its own signature: they resolve against wherever this was fetched from.
        let playlist = DemoHosting.mapURIs(String(decoding: data, as: UTF8.self)) { name in
            "\(name)?X-Signature=\(DemoHosting.signature(of: "/presigned/\(event.id)/\(name)"))"
        }
        return .data(Data(playlist.utf8), contentType: MediaContentType.playlist)
    }

    static func redirect(to location: String) -> Reply {
        Reply(status: 302, headers: [("Location", location), ("Cache-Control", "no-store")])
    }

    static var noSecondHost: Reply {
        .error(503, "no_second_host", "This demo event needs the second loopback listener (127.0.0.2), which is not running.")
    }
}
