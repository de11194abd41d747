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
    /// `--backend`, else the profile's or config file's `backend`, else auto.
    public let backendChoice: BackendChoice
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

    init(config: AppConfig, paths: XDGPaths, server: ServerChoice, backendChoice: BackendChoice, pipeline: NetworkPipeline,
         backend: any EventBackend, sessions: SessionStore, tokens: MediaTokenCache, logger: Logger,
         trust: CertificateTrust, pins: CertificatePinStore) {
        self.config = config
        self.paths = paths
        self.server = server
        self.backendChoice = backendChoice
        self.pipeline = pipeline
        self.backend = backend
        self.sessions = sessions
        self.tokens = tokens
        self.logger = logger
        self.trust = trust
        self.pins = pins
    }

    /// Reads the config, starts logging, picks the server (``ServerChoice/plan(flag:profileFlag:demoRequested:environment:config:stored:)``:
    /// a flag, a profile, the environment, the config file, else the server of the last sign-in;
    /// with none, the embedded demo backend, started through `demo` and signed in to with the
    /// demo account), chooses its backend (``BackendSelection``) and restores the stored session
    /// for that server.
    public static func start(_ options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment,
                             demo: any DemoStarting,
                             notice: @Sendable (String) -> Void = { StandardStreams.errorLine("eventplayer: " + $0) }) async throws -> AppServices {
        let paths = XDGPaths(environment: environment)
        let configURL = options.configFile.map { URL(filePath: $0) } ?? AppConfig.defaultURL(environment: environment)
        let fileConfig = try AppConfig.load(from: configURL, mustExist: options.configFile != nil)
        if let problem = AppLogging.bootstrap(paths: paths, level: .resolve(flag: options.logLevel, config: fileConfig.logLevel)) { notice(problem) }
        let logger = Logger(label: "eventplayer")
        let sessions = SessionStore(directory: paths.state, logger: Logger(label: "eventplayer.session"))
        let defaultSession = sessions.load()
        let plan = try ServerChoice.plan(flag: options.server, profileFlag: options.profile, demoRequested: options.demo != nil,
                                         environment: environment, config: fileConfig, stored: defaultSession?.server)
        // A profile's keys take the place of the top-level ones.
        let config = plan?.profile.map(fileConfig.applying) ?? fileConfig
        // Every command here talks to the server: the HTTP client is built while the server is
        // chosen and the session read (the first request does not wait for it).
        let pins = CertificatePinStore(directory: paths.state)
        let trust = try NetworkSetup.trust(config: config, caFileFlag: options.caFile, pins: pins, home: paths.home)
        let pipeline = try NetworkSetup.pipeline(config: config, headerFlags: options.headers, trust: trust)
        pipeline.warmUp()
        let server = try await ServerChoice.resolve(plan, demo: demo, demoFlavor: options.demo ?? .events)
        // The default server's session was read above; another server's is in a file of its own.
        let stored = server.isDemo ? nil : defaultSession.flatMap { ServerURL.same($0.server, server.url) ? $0 : nil }
            ?? sessions.load(for: server.url)
        let choice = options.backend ?? config.backend ?? .auto
        let selection = await BackendSelection.choose(choice: choice, server: server, stored: stored, pipeline: pipeline)
        if let session = selection.session { register(session) }
        let make: ReplaceableBackend.Make = { kind, requiresSignIn in
            BackendFactory.make(kind, server: server.url, pipeline: pipeline, session: selection.session,
                                requiresSignIn: requiresSignIn,
                                sessionDidChange: { [isDemo = server.isDemo, url = server.url] (session: Session?) in
                if let session { register(session) }
                guard !isDemo else { return }
                do {
                    // A session the server refused is kept as expired: its server stays the one
                    // plain `eventplayer` opens, and the next sign-in replaces it.
                    if let session { try sessions.save(session) } else { try sessions.expire(server: url) }
                } catch {
                    Logger(label: "eventplayer.session").error("cannot save session: \(error)")
                }
            })
        }
        // Found by a probe alone, which an untrusted certificate stops: a probe after trusting it
        // may find another kind (``identifyServer()``).
        let isProbed = choice == .auto && stored == nil && !server.isDemo
        let backend: any EventBackend = isProbed ? ReplaceableBackend(selection.kind, requiresSignIn: selection.requiresSignIn, make: make)
            : make(selection.kind, selection.requiresSignIn)
        if let demo = server.demo {
            let why = options.demo == nil ? "no server configured" : "--demo"
            let elsewhere = options.demo == nil ? sessions.all().first.map {
                "; signed in at \(ServerURL.canonical($0.server).absoluteString): --server to use it"
            } ?? "" : ""
            notice("\(why): using the embedded demo backend (\(demo.backend.displayName)) at \(server.url.absoluteString) (\(demo.email))\(elsewhere)")
            Redactor.shared.register(demo.password)
            try await backend.signIn(user: demo.email, password: demo.password)
        }
        let tokens = MediaTokenCache(backend: backend)
        logger.info("started", metadata: ["server": "\(server.url.absoluteString)", "origin": "\(server.originText)",
                                          "backend": "\(selection.kind.rawValue)"])
        return AppServices(config: config, paths: paths, server: server, backendChoice: choice, pipeline: pipeline, backend: backend,
                           sessions: sessions, tokens: tokens, logger: logger, trust: trust, pins: pins)
    }

    /// Keeps a session that a sign-in (the TUI's form, `login`) just made as the default: plain
    /// `eventplayer` opens its server from now on. The demo's is not kept.
    public func signedIn(_ session: Session) throws {
        guard !server.isDemo else { return }
        try sessions.saveAsDefault(session)
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
