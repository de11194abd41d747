import EventsAPI
import Foundation
import Logging
import Networking
import SystemSupport

/// Everything a command needs, wired once: config, logging, server, pipeline, events client,
/// session store and media-token cache.
///
/// ```swift
/// let services = try await AppServices.start(options, demo: DemoBackendStarter())
/// defer { Task { await services.shutdown() } }
/// let page = try await services.client.events()
/// ```
public final class AppServices: Sendable {
    public let config: AppConfig
    public let paths: XDGPaths
    public let server: ServerChoice
    public let pipeline: NetworkPipeline
    public let client: EventsClient
    public let sessions: SessionStore
    public let tokens: MediaTokenCache
    public let logger: Logger

    init(config: AppConfig, paths: XDGPaths, server: ServerChoice, pipeline: NetworkPipeline,
         client: EventsClient, sessions: SessionStore, tokens: MediaTokenCache, logger: Logger) {
        self.config = config
        self.paths = paths
        self.server = server
        self.pipeline = pipeline
        self.client = client
        self.sessions = sessions
        self.tokens = tokens
        self.logger = logger
    }

    /// Reads the config, starts logging, picks the server (starting the embedded demo backend
    /// when none is configured, through `demo`, and signing in to it with the demo account), and
    /// restores the stored session for that server.
    public static func start(_ options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment,
                             demo: any DemoStarting,
                             notice: @Sendable (String) -> Void = { StandardStreams.errorLine("eventplayer: " + $0) }) async throws -> AppServices {
        let paths = XDGPaths(environment: environment)
        let configURL = options.configFile.map { URL(filePath: $0) } ?? AppConfig.defaultURL(environment: environment)
        let config = try AppConfig.load(from: configURL, mustExist: options.configFile != nil)
        if let problem = AppLogging.bootstrap(paths: paths, level: .resolve(flag: options.logLevel, config: config.logLevel)) { notice(problem) }
        let logger = Logger(label: "eventplayer")
        // Every command here talks to the server: the HTTP client is built while the server is
        // chosen and the session read (the first request does not wait for it).
        let pipeline = try NetworkSetup.pipeline(config: config, headerFlags: options.headers)
        pipeline.warmUp()
        let server = try await ServerChoice.resolve(flag: options.server, environment: environment, config: config, demo: demo)
        let sessions = SessionStore(directory: paths.state, logger: Logger(label: "eventplayer.session"))
        let stored = server.isDemo ? nil : sessions.load(for: server.url)
        if let stored { register(stored) }
        let client = EventsClient(server: server.url, pipeline: pipeline, session: stored,
                                  logger: Logger(label: "eventplayer.api"),
                                  sessionDidChange: { [isDemo = server.isDemo] (session: Session?) in
            if let session { register(session) }
            guard !isDemo else { return }
            do { try sessions.save(session) } catch {
                Logger(label: "eventplayer.session").error("cannot save session: \(error)")
            }
        })
        if let demo = server.demo {
            notice("no server configured: using the embedded demo backend at \(server.url.absoluteString) (\(demo.email))")
            Redactor.shared.register(demo.password)
            try await client.signIn(email: demo.email, password: demo.password)
        }
        let tokens = MediaTokenCache(client: client)
        logger.info("started", metadata: ["server": "\(server.url.absoluteString)", "origin": "\(server.origin.rawValue)"])
        return AppServices(config: config, paths: paths, server: server, pipeline: pipeline, client: client,
                           sessions: sessions, tokens: tokens, logger: logger)
    }

    /// Stops what `start` started.
    public func shutdown() async {
        await server.shutdown()
    }

    static func register(_ session: Session) {
        Redactor.shared.register(session.accessToken)
        Redactor.shared.register(session.refreshToken)
    }
}
