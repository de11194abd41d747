import Foundation
import ServiceLifecycle

/// The embedded demo backend: the events API of docs/playback.md with demo media, token checks,
/// a request log and fault injection, running in-process; or, with `flavor = .frigate`, a Frigate
/// NVR behind its nginx (docs/demo.md, "Frigate flavour"), with the same log and faults.
///
/// ```swift
/// let server = try await DemoServer.start()          // 127.0.0.1, a free port
/// print(server.baseURL)                              // http://127.0.0.1:54321
/// await server.faults.failNext(1, status: 503, retryAfter: 1)
/// // ... sign in with DemoAccount.email / DemoAccount.password, list events, play media ...
/// let log = await server.requestLog()
/// await server.stop()
/// ```
public final class DemoServer: Sendable {
    /// `http://<host>:<bound port>` (the real port when the configuration asked for 0).
    public let baseURL: URL
    /// Faults to inject into answers (tests only; not reachable over HTTP).
    public let faults: FaultInjector
    /// The configuration it was started with.
    public let configuration: DemoConfiguration
    /// The `Resources` directory it serves from.
    public let resourcesDirectory: URL
    /// Which service it imitates (``DemoConfiguration/flavor``).
    public var flavor: DemoFlavor { configuration.flavor }

    private let context: DemoContext
    private let group: ServiceGroup
    private let runTask: Task<Void, Never>

    init(baseURL: URL, context: DemoContext, group: ServiceGroup, runTask: Task<Void, Never>) {
        self.baseURL = baseURL
        self.faults = context.faults
        self.configuration = context.configuration
        self.resourcesDirectory = context.resources
        self.context = context
        self.group = group
        self.runTask = runTask
    }

    /// Every request answered so far, in order.
    public func requestLog() async -> [DemoRequestRecord] {
        await context.log.all()
    }

    /// Forgets the requests logged so far.
    public func clearRequestLog() async {
        await context.log.clear()
    }

    /// The ids of the fixed demo events (`evt-…`), newest first.
    public var fixedEventIDs: [String] {
        context.events.filter { !$0.id.hasPrefix(context.catalog.generated.idPrefix) }.map(\.id)
    }

    /// How many events the server lists in total (fixed + generated).
    public var eventCount: Int { context.events.count }

    /// Stops accepting connections, lets requests in flight finish (up to 3 s), then cancels them.
    /// Safe to call more than once.
    public func stop() async {
        await group.triggerGracefulShutdown()
        let runTask = self.runTask
        let finished = await withTaskGroup(of: Bool.self) { tasks in
            tasks.addTask { await runTask.value; return true }
            tasks.addTask { try? await Task.sleep(for: .seconds(3)); return false }
            let first = await tasks.next() ?? true
            if !first { runTask.cancel() }
            tasks.cancelAll()
            await tasks.waitForAll()
            return first
        }
        _ = finished
    }
}
