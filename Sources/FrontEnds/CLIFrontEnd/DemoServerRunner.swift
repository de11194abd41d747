import DemoBackend
import Foundation
import SystemSupport

/// `eventplayer demo-server`: starts the demo backend, prints where and how to sign in, and runs
/// until SIGINT/SIGTERM.
public enum DemoServerRunner {
    /// - Parameters:
    ///   - flavor: the events API, or a Frigate NVR (docs/demo.md, "Frigate flavour").
    ///   - days: events: over how many days the generated events are spread (nil: 60); Frigate:
    ///     days of review items and recordings (nil: 3).
    ///   - requiresAuth: Frigate only: false serves it as Frigate's port 5000 does (no login).
    ///   - semanticSearch: Frigate only: `semantic_search.enabled`, `/api/events/search` answering.
    ///   - offlineCameras: Frigate only: cameras its `/api/stats` reports capturing nothing.
    ///   - newEventsEvery: seconds between two new events while it runs (nil: none).
    public static func run(host: String, port: Int, generatedEvents: Int = 3000, days: Double? = nil,
                           flavor: DemoFlavor = .events, requiresAuth: Bool = true, semanticSearch: Bool = false,
                           offlineCameras: Set<String> = [],
                           newEventsEvery: Double? = nil,
                           startedAt: Date? = nil, output: @Sendable (String) -> Void) async throws {
        var configuration = DemoConfiguration()
        configuration.newEventsEvery = newEventsEvery
        configuration.startedAt = startedAt
        configuration.host = host
        configuration.port = port
        configuration.flavor = flavor
        configuration.generatedEventCount = generatedEvents
        if flavor == .frigate {
            if let days { configuration.frigate.days = days }
            configuration.frigate.requiresAuth = requiresAuth
            configuration.frigate.offlineCameras = offlineCameras
            configuration.frigate.semanticSearch = semanticSearch
        } else {
            configuration.generatedSpanDays = days
        }
        let server = try await DemoServer.start(configuration)
        // Announced once SIGINT/SIGTERM are caught: a signal sent as soon as the "listening" line
        // is read stops the server cleanly (exit 0) instead of killing it (status 15; seen in
        // InstallTests under load).
        try await Signals.waitForTermination {
            let url = server.baseURL.absoluteString
            switch flavor {
            case .events:
                output("demo backend listening on \(url)")
                output("sign in with email \(DemoAccount.email), password \(DemoAccount.password)")
                output("try: eventplayer events --server \(url)")
            case .frigate:
                output("demo Frigate backend listening on \(url)")
                if requiresAuth {
                    output("sign in with user \(DemoAccount.frigateUser), password \(DemoAccount.frigatePassword) "
                        + "(or \(DemoAccount.frigateViewer) / \(DemoAccount.frigateViewerPassword))")
                    output("try: curl -c jar -d '{\"user\":\"\(DemoAccount.frigateUser)\",\"password\":\"\(DemoAccount.frigatePassword)\"}' \(url)/api/login && curl -b jar \(url)/api/review")
                } else {
                    output("no sign-in (like Frigate's port 5000); try: curl \(url)/api/review")
                }
            }
        }
        output("stopping")
        await server.stop()
    }

    /// `eventplayer demo-server --make-media`: makes the demo's generated media now (else the
    /// first demo start makes it in the background) and prints its folder; with the Frigate
    /// flavour, the Frigate vod media.
    /// - Throws: `DemoBackendError` when ffmpeg is missing or fails.
    public static func makeMedia(flavor: DemoFlavor = .events, output: @Sendable (String) -> Void) async throws {
        switch flavor {
        case .events: output("demo media in \(try await GeneratedMedia.make().path)")
        case .frigate: output("demo Frigate media in \(try await GeneratedMedia.makeFrigate().path)")
        }
    }
}
