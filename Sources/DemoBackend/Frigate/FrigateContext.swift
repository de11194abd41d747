import Foundation

/// The Frigate flavour's state, shared by every request: the catalog, the users and their
/// sessions, reviewed marks, nginx's API cache, the login rate limit and the vod media.
final class FrigateContext: Sendable {
    struct User: Sendable {
        let name: String
        let password: String
        let role: String
    }

    let options: FrigateDemoOptions
    let catalog: FrigateCatalog
    let users: [User] = [
        User(name: DemoAccount.frigateUser, password: DemoAccount.frigatePassword, role: "admin"),
        User(name: DemoAccount.frigateViewer, password: DemoAccount.frigateViewerPassword, role: "viewer"),
    ]
    let jwt = FrigateJWT()
    let tokens = FrigateTokenLedger()
    let limiter: FrigateLoginLimiter?
    let marks = FrigateReviewMarks()
    let retained = FrigateRetained()
    let cache = FrigateAPICache()
    let media = FrigateMediaStore()
    /// The JPEG served for every still (review thumbnails, event thumbnails, recording snapshots).
    let still: URL
    /// The live pictures (FrigateLiveFrames.swift).
    let live: FrigateLiveFrames
    /// When the server started (whole seconds): the recordings' route defaults are taken then, as
    /// Python evaluates them once at import.
    let serverStart: Double
    /// New review items while it runs (FrigateArrivals.swift).
    let arrivals: DemoArrivals

    init(options: FrigateDemoOptions, serverStart: Double, still: URL, newEventsEvery: Double? = nil) {
        self.options = options
        self.serverStart = serverStart
        arrivals = DemoArrivals(serverStart: serverStart, every: newEventsEvery)
        self.still = still
        live = FrigateLiveFrames(still: still)
        catalog = FrigateCatalog(serverStart: serverStart, days: max(0.01, options.days))
        limiter = options.failedLoginRateLimit.map { FrigateLoginLimiter(FrigateLoginLimiter.parse($0)) }
    }

    /// Whether the configured version is older than 0.17 (no `reviewed` in POST /reviews/viewed,
    /// no `reviewed=1` filter).
    var behavesAsBefore017: Bool {
        let numbers = options.version.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        guard numbers.count == 2 else { return false }
        return numbers[0] == 0 && numbers[1] < 17
    }
}

/// The vod media, read from the generated folder on first use (ffmpeg makes it when the server
/// starts, in the background).
actor FrigateMediaStore {
    private var loaded: Result<FrigateVodMedia, MP4Boxes.Failure>?

    /// The media, or why there is none.
    func media() async -> Result<FrigateVodMedia, MP4Boxes.Failure> {
        if let loaded { return loaded }
        let result: Result<FrigateVodMedia, MP4Boxes.Failure>
        if let folder = await GeneratedMedia.prepareFrigate() {
            do {
                result = .success(try FrigateVodMedia(folder: folder.appending(path: "frigate")))
            } catch {
                result = .failure(MP4Boxes.Failure(description: "cannot read the generated vod media: \(error)"))
            }
        } else {
            result = .failure(MP4Boxes.Failure(
                description: "the vod media could not be made (is ffmpeg installed? see the server's log)"))
        }
        loaded = result
        return result
    }
}
