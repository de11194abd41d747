import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import SystemSupport

extension DemoServer {
    /// Starts a server and returns once it is listening.
    ///
    /// ```swift
    /// var configuration = DemoConfiguration()
    /// configuration.generatedEventCount = 200
    /// let server = try await DemoServer.start(configuration)
    /// defer { Task { await server.stop() } }
    /// ```
    /// - Throws: ``DemoBackendError`` when the resources cannot be found or read, or binding fails.
    public static func start(_ configuration: DemoConfiguration = .init()) async throws -> DemoServer {
        let resources = try ResourceLocator.locate(configured: configuration.resourcesDirectory)
        var catalog = try DemoCatalog.load(from: resources)
        if let days = configuration.generatedSpanDays { catalog.generated.spanDays = days }
        let now = Date(timeIntervalSince1970: (configuration.startedAt ?? Date()).timeIntervalSince1970.rounded(.down))
        // Made with ffmpeg on first use, in the background (see GeneratedMedia): the server answers
        // at once and those events' media requests wait for it. Without ffmpeg they are left out.
        let frigateFlavor = configuration.flavor == .frigate
        let generated = !frigateFlavor && catalog.layouts.values.contains(where: \.isGenerated) ? GeneratedMedia.plannedFolder() : nil
        if generated != nil { GeneratedMedia.startPreparing() }
        if frigateFlavor { GeneratedMedia.startPreparingFrigate() }
        let events = EventGenerator.events(
            catalog: catalog, resources: resources, generatedMedia: generated,
            generatedCount: frigateFlavor ? 0 : configuration.generatedEventCount, now: now
        )
        let thumbnail = resources.appendingPathComponent("demo").appendingPathComponent(catalog.thumbnail)
        // The Frigate flavour serves its own routes (and, like Frigate's nginx, says so in `Server`).
        let frigate = frigateFlavor
            ? FrigateContext(options: configuration.frigate, serverStart: now.timeIntervalSince1970, still: thumbnail,
                             newEventsEvery: configuration.newEventsEvery) : nil
        let segments = events.first(where: \.isLive).map { liveSegmentCount($0) } ?? 5
        var context = DemoContext(
            configuration: configuration, resources: resources, catalog: catalog, events: events,
            eventsByID: Dictionary(events.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }),
            sessions: SessionStore(accessTokenLifetime: configuration.accessTokenLifetime),
            mediaTokens: MediaTokenStore(buckets: catalog.tokenBuckets, lifetime: configuration.mediaTokenLifetime),
            faults: FaultInjector(), log: RequestLog(),
            live: LiveClock(interval: configuration.liveSegmentInterval, totalSegments: segments),
            thumbnail: thumbnail,
            boundBaseURL: Locked(nil)
        )
        context.arrivals = DemoArrivals(serverStart: now.timeIntervalSince1970, every: configuration.newEventsEvery)
        var logger = Logger(label: "eventplayer.demo-backend")
        logger.logLevel = configuration.logLevel
        let bound = OneShot<Int, any Error>()
        let app = Application(
            responder: DemoResponder(context: context, frigate: frigate),
            server: try DemoTLS.server(configuration.tls),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                                 serverName: frigateFlavor ? NginxPage.server : "eventplayer-demo"),
            onServerRunning: { channel in bound.resolve(.success(channel.localAddress?.port ?? configuration.port)) },
            logger: logger
        )
        // The storage/CDN host serves the events flavour's media only.
        let second = frigateFlavor ? nil
            : configuration.secondHost.map { DemoSecondHost.application(context: context, host: $0, logger: logger) }
        let group = ServiceGroup(services: [app as any Service] + (second.map { [$0.app] } ?? []), logger: logger)
        let runTask = Task {
            do {
                try await group.run()
                bound.resolve(.failure(DemoBackendError(.startFailed, "demo backend: the server stopped before it was listening.")))
            } catch {
                bound.resolve(.failure(DemoBackendError(
                    .startFailed, "demo backend: cannot listen on \(configuration.host):\(configuration.port): \(error)")))
            }
        }
        let port = try await bound.value()
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let baseURL = URL(string: "\(DemoTLS.scheme(configuration.tls))://\(host):\(port)")!
        context.boundBaseURL.value = baseURL
        if let second, let secondHost = configuration.secondHost {
            context.secondBaseURL.value = URL(string: "http://\(secondHost):\(try await second.port.value())")
        }
        return DemoServer(baseURL: baseURL, context: context, group: group, runTask: runTask)
    }

    /// Segments in the live event's stored playlist.
    private static func liveSegmentCount(_ event: DemoEvent) -> Int {
        let url = event.mediaDirectory.appendingPathComponent(event.playlist)
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return max(1, text.split(separator: "\n").filter { $0.hasPrefix("#EXTINF") }.count)
    }
}
