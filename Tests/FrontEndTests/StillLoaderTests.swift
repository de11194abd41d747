import AppCore
import DemoBackend
import EventsAPI
import Foundation
import Player
import Synchronization
import Testing
import TUI
import TUIState

/// The still loader with real parts: the demo backend, the loopback proxy, real libmpv. A still
/// arrives with testsrc2's colours, comes from the cache the second time, a newer load wins, and
/// after shutdown no render (and so no mpv handle) of it is left. (That a render leaves no mpv
/// thread is checked in PlayerTests' StillRendering, which runs alone; these suites share the
/// process with other players.)
@Suite(.serialized) struct StillLoaderTests {
    /// What the loader reported, for polling off the pool.
    final class Reports: Sendable {
        let inputs = Mutex<[AppInput]>([])
        func post(_ input: AppInput) { inputs.withLock { $0.append(input) } }
        func ready() -> [String] {
            inputs.withLock { $0.compactMap { if case .stillReady(let id) = $0 { id } else { nil } } }
        }
        func failed() -> [String] {
            inputs.withLock { $0.compactMap { if case .stillFailed(let id) = $0 { id } else { nil } } }
        }
        /// Polls (off the pool) until `done` holds, 20 s at most.
        func wait(until done: @escaping @Sendable (Reports) -> Bool) async throws {
            try await CoordinatorTests.onThread {
                let deadline = Date().addingTimeInterval(20)
                while !done(self), Date() < deadline { usleep(20_000) }
            }
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func aStillArrivesIsCachedAndANewerLoadWinsAndNothingIsLeftAfterShutdown() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let home = CoordinatorTests.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let services = try await CoordinatorTests.services(home: home, server: server.baseURL.absoluteString)
        _ = try await services.backend.signIn(user: DemoAccount.email, password: DemoAccount.password)
        let events = try await services.backend.events(cursor: nil, limit: 20, filter: EventFilter()).events
        let person = try #require(events.first { ($0.title ?? "").contains("Person at the front") })
        let other = try #require(events.first { $0.id != person.id && $0.endTime != nil })
        var configuration = PlayerConfiguration()
        configuration.video = .terminal
        configuration.audio = false
        let reports = Reports()
        let loader = StillLoader(preparer: ProxyPreparer(services: services), configuration: configuration) { reports.post($0) }
        let geometry = VideoGeometry(columns: 58, rows: 20, glyphs: .sextant)

        loader.load(person, geometry: geometry)
        try await reports.wait { !$0.ready().isEmpty || !$0.failed().isEmpty }
        #expect(reports.ready() == [person.id], "failed: \(reports.failed())")
        let picture = try #require(loader.picture(for: person.id, geometry: geometry))
        #expect(picture.width == geometry.pixelWidth && picture.height == geometry.pixelHeight)
        var colours = Set<Int>()
        for y in stride(from: 0, to: picture.height, by: 2) {
            for x in stride(from: 0, to: picture.width, by: 2) {
                let p = picture.pixel(x: x, y: y)
                colours.insert(Int(p.red) << 16 | Int(p.green) << 8 | Int(p.blue))
            }
        }
        #expect(colours.count > 50, "testsrc2 has many colours: \(colours.count)")
        try await reports.wait { _ in loader.rendersUnderWay == 0 }
        #expect(loader.rendersUnderWay == 0, "the still's handle is destroyed once it rendered")

        loader.load(person, geometry: geometry)
        #expect(reports.ready() == [person.id, person.id], "answered from the cache at once")

        loader.load(other, geometry: geometry)
        loader.load(person, geometry: VideoGeometry(columns: 40, rows: 12, glyphs: .half))
        try await reports.wait { $0.ready().count >= 3 }
        #expect(reports.ready().last == person.id, "the newer load wins")
        #expect(loader.picture(for: other.id, geometry: geometry) == nil, "the older one gave up")
        loader.shutdown()
        #expect(loader.rendersUnderWay == 0, "shutdown waits until no handle of it is left")
        await services.shutdown()
    }
}
