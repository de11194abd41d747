/// Faults the demo backend injects into its answers; reachable from Swift only (never over HTTP).
///
/// Rules match on the request path (without the query). Counted rules are used up by the
/// requests they hit; ``reset()`` removes every rule.
///
/// ```swift
/// let server = try await DemoServer.start()
/// await server.faults.failNext(2, status: 503, retryAfter: 1, pathPrefix: "/v1/events")
/// await server.faults.dropConnection(pathPrefix: "/media/", times: 1)
/// await server.faults.expireMediaTokens()   // every current media token now answers 403
/// ```
public actor FaultInjector {
    var failNextRules: [FailNextRule] = []
    var failPathRules: [FailPathRule] = []
    var delayRules: [DelayRule] = []
    var dropRules: [CountedRule] = []
    var malformedRules: [CountedRule] = []
    var slowRules: [SlowBodyRule] = []
    var cursorLoopPrefixes: [String] = []
    var endlessRules: [EndlessBodyRule] = []
    /// Path fragments whose next request expires the media tokens once it is answered.
    var mediaExpiryTriggers: [String] = []
    /// Tokens issued under an older generation are expired.
    private(set) var accessGeneration = 0
    var mediaGeneration = 0

    init() {}

    /// Removes every rule (token expiries already applied stay applied).
    public func reset() {
        failNextRules = []
        failPathRules = []
        delayRules = []
        dropRules = []
        malformedRules = []
        slowRules = []
        cursorLoopPrefixes = []
        endlessRules = []
        mediaExpiryTriggers = []
    }

    /// The next `count` requests whose path starts with `pathPrefix` answer `status` with an error
    /// JSON body, plus `Retry-After: <retryAfter>` when given.
    public func failNext(_ count: Int, status: Int = 503, retryAfter: Int? = nil, pathPrefix: String = "/") {
        guard count > 0 else { return }
        failNextRules.append(.init(remaining: count, status: status, retryAfter: retryAfter, pathPrefix: pathPrefix))
    }

    /// Requests whose path contains `containing` answer `status`: `times` times, or always when nil.
    public func failPath(containing: String, status: Int = 500, times: Int? = nil) {
        failPathRules.append(.init(fragment: containing, status: status, remaining: times))
    }

    /// Every request whose path starts with `pathPrefix` waits `seconds` before it is answered.
    public func delay(seconds: Double, pathPrefix: String = "/") {
        delayRules.append(.init(seconds: seconds, pathPrefix: pathPrefix))
    }

    /// The next `times` matching requests get their head and part of their body, then the
    /// connection is closed (the announced Content-Length is never reached).
    public func dropConnection(pathPrefix: String, times: Int = 1) {
        dropRules.append(.init(pathPrefix: pathPrefix, remaining: times))
    }

    /// Matching requests send their body in chunks of `bytes`, one every `interval` seconds (a slow
    /// origin; a client that goes away mid-body shows up as a body that was not sent in full).
    public func slowBody(pathPrefix: String, bytes: Int = 16 << 10, interval: Double = 0.1) {
        slowRules.append(.init(pathPrefix: pathPrefix, bytes: max(1, bytes), interval: interval))
    }

    /// Event pages (`/v1/events`) whose path starts with `pathPrefix` loop their cursors: the
    /// first page and the page at its `nextCursor` answer as usual; every later page answers the
    /// first page's `nextCursor` again (pages 1, 2, 3, then 2 again...), as a broken server does.
    public func loopCursors(pathPrefix: String = "/v1/events") {
        cursorLoopPrefixes.append(pathPrefix)
    }

    /// Matching requests answer 200 with their body followed by `line` repeated without end (no
    /// Content-Length), written in 64 KiB chunks as fast as the client reads: an endless
    /// playlist. It stops when the client goes away, or after `maxBytes` (a bound for tests).
    public func endlessBody(pathPrefix: String, line: String = "#EXTINF:2.000,\nsegment0.ts\n",
                            maxBytes: Int = 1 << 30) {
        endlessRules.append(.init(pathPrefix: pathPrefix, line: line, maxBytes: maxBytes))
    }

    /// The next `times` matching requests answer 200 with a truncated, unparsable JSON body.
    public func malformedJSON(pathPrefix: String, times: Int = 1) {
        malformedRules.append(.init(pathPrefix: pathPrefix, remaining: times))
    }

    /// Every access token issued so far is expired now (API calls with it answer 401).
    public func expireAccessTokens() {
        accessGeneration += 1
    }

    /// Every media token issued so far is expired now (media answers 403 with it;
    /// `/v1/events/tokens` then issues new ones).
    public func expireMediaTokens() {
        mediaGeneration += 1
    }

    /// The next request whose path contains `fragment` is answered with its token as it is, and
    /// every media token issued until then is expired right after it: "the token ran out after
    /// segment 1", at the same point of the playback however busy the machine is.
    public func expireMediaTokens(afterRequestContaining fragment: String) {
        mediaExpiryTriggers.append(fragment)
    }
}
