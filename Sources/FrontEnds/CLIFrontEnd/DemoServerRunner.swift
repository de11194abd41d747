import DemoBackend
import Foundation
import SystemSupport

/// `eventplayer demo-server`: starts the demo backend, prints where and how to sign in, and runs
/// until SIGINT/SIGTERM.
public enum DemoServerRunner {
    public static func run(host: String, port: Int, generatedEvents: Int = 3000, days: Double? = nil,
                           output: @Sendable (String) -> Void) async throws {
        var configuration = DemoConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.generatedEventCount = generatedEvents
        configuration.generatedSpanDays = days
        let server = try await DemoServer.start(configuration)
        // Announced once SIGINT/SIGTERM are caught: a signal sent as soon as the "listening" line
        // is read stops the server cleanly (exit 0) instead of killing it (status 15; seen in
        // InstallTests under load).
        try await Signals.waitForTermination {
            output("demo backend listening on \(server.baseURL.absoluteString)")
            output("sign in with email \(DemoAccount.email), password \(DemoAccount.password)")
            output("try: eventplayer events --server \(server.baseURL.absoluteString)")
        }
        output("stopping")
        await server.stop()
    }

    /// `eventplayer demo-server --make-media`: makes the demo's generated media now (else the
    /// first demo start makes it in the background) and prints its folder.
    /// - Throws: `DemoBackendError` when ffmpeg is missing or fails.
    public static func makeMedia(output: @Sendable (String) -> Void) async throws {
        output("demo media in \(try await GeneratedMedia.make().path)")
    }
}
