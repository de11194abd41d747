import Foundation

/// nginx's cache in front of Frigate's `/api/` (`proxy_cache_valid 200 5s`, key
/// `$request_uri|$role|$groups|$user`): a 200 `application/json` answer to a GET is reused for
/// 5 s for the same user and URL. `X-Cache-Bypass: <anything but 0>` skips the lookup, and its
/// fresh answer replaces the cached one. A client that marks items reviewed and lists them
/// again without the bypass sees the old list, as with a real Frigate.
///
/// ```swift
/// if let hit = await cache.lookup(key, now: now), !bypass { return hit }   // X-Cache-Status: HIT
/// await cache.store(reply, for: key, now: now)
/// ```
actor FrigateAPICache {
    static let validity: TimeInterval = 5
    private var entries: [String: (reply: Reply, stored: Date)] = [:]

    enum Lookup: Sendable {
        case hit(Reply)
        case expired
        case miss
    }

    func lookup(_ key: String, now: Date) -> Lookup {
        guard let entry = entries[key] else { return .miss }
        return now.timeIntervalSince(entry.stored) < Self.validity ? .hit(entry.reply) : .expired
    }

    /// Keeps `reply` when nginx would: status 200 and `Content-Type: application/json`.
    func store(_ reply: Reply, for key: String, now: Date) {
        guard reply.status == 200, reply.contentType == "application/json" else { return }
        // inactive=1m: entries unused for a minute go.
        entries = entries.filter { now.timeIntervalSince($0.value.stored) < 60 }
        entries[key] = (reply, now)
    }
}
