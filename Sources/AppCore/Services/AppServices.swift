import EventsAPI
import Foundation
import Logging
import Networking
import SystemSupport

/// Everything a command needs, wired once: config, logging, server, pipeline, the server's
/// backend (its API: ``EventBackend``), session store and media-token cache.
///
/// ```swift
/// let services = try await AppServices.start(options, demo: DemoBackendStarter())
/// defer { Task { await services.shutdown() } }
/// let page = try await services.backend.events(cursor: nil, limit: 50, filter: EventFilter())
/// ```
public final class AppServices: Sendable {
    public let config: AppConfig
    public let paths: XDGPaths
    public let server: ServerChoice
    public let pipeline: NetworkPipeline
    /// The server's API: the events service or an NVR. Everything else is backend-blind.
    public let backend: any EventBackend
    public let sessions: SessionStore
    public let tokens: MediaTokenCache
    public let logger: Logger
    /// Which server certificates the pipeline trusts: the system's, `--ca-file`'s, the pins.
    public let trust: CertificateTrust
    /// Where pins are kept between runs (`login` adds them).
    public let pins: CertificatePinStore

    init(config: AppConfig, paths: XDGPaths, server: ServerChoice, pipeline: NetworkPipeline,
         backend: any EventBackend, sessions: SessionStore, tokens: MediaTokenCache, logger: Logger,
         trust: CertificateTrust, pins: CertificatePinStore) {
        self.config = config
        self.paths = paths
        self.server = server
        self.pipeline = pipeline
        self.backend = backend
        self.sessions = sessions
        self.tokens = tokens
        self.logger = logger
        self.trust = trust
        self.pins = pins
    }

    /// Reads the config, starts logging, picks the server (starting the embedded demo backend
    /// when none is configured, through `demo`, and signing in to it with the demo account),
    /// chooses its backend (``BackendSelection``) and restores the stored session for that server.
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
        let pins = CertificatePinStore(directory: paths.state)
        let trust = try NetworkSetup.trust(config: config, caFileFlag: options.caFile, pins: pins, home: paths.home)
        let pipeline = try NetworkSetup.pipeline(config: config, headerFlags: options.headers, trust: trust)
        pipeline.warmUp()
        let server = try await ServerChoice.resolve(flag: options.server, environment: environment, config: config, demo: demo,
                                                    demoFlavor: options.demo ?? .events)
        let sessions = SessionStore(directory: paths.state, logger: Logger(label: "eventplayer.session"))
        let stored = server.isDemo ? nil : sessions.load(for: server.url)
        let selection = await BackendSelection.choose(choice: options.backend ?? config.backend ?? .auto, server: server,
                                                          stored: stored, pipeline: pipeline)
        if let session = selection.session { register(session) }
        let make: ReplaceableBackend.Make = { kind, requiresSignIn in
            BackendFactory.make(kind, server: server.url, pipeline: pipeline, session: selection.session,
                                requiresSignIn: requiresSignIn,
                                sessionDidChange: { [isDemo = server.isDemo] (session: Session?) in
                if let session { register(session) }
                guard !isDemo else { return }
                do { try sessions.save(session) } catch {
                    Logger(label: "eventplayer.session").error("cannot save session: \(error)")
                }
            })
        }
        // Found by a probe alone, which an untrusted certificate stops: a probe after trusting it
        // may find another kind (``identifyServer()``).
        let isProbed = (options.backend ?? config.backend ?? .auto) == .auto && stored == nil && !server.isDemo
        let backend: any EventBackend = isProbed ? ReplaceableBackend(selection.kind, requiresSignIn: selection.requiresSignIn, make: make)
            : make(selection.kind, selection.requiresSignIn)
        if let demo = server.demo {
            notice("no server configured: using the embedded demo backend (\(demo.backend.displayName)) at \(server.url.absoluteString) (\(demo.email))")
            Redactor.shared.register(demo.password)
            try await backend.signIn(user: demo.email, password: demo.password)
        }
        let tokens = MediaTokenCache(backend: backend)
        logger.info("started", metadata: ["server": "\(server.url.absoluteString)", "origin": "\(server.origin.rawValue)",
                                          "backend": "\(selection.kind.rawValue)"])
        return AppServices(config: config, paths: paths, server: server, pipeline: pipeline, backend: backend,
                           sessions: sessions, tokens: tokens, logger: logger, trust: trust, pins: pins)
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
