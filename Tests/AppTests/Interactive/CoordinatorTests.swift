@testable import App
import Foundation
import Player
import SystemSupport
import Testing
import TUI
#if canImport(Glibc)
import Glibc
#endif

/// The coordinator with real parts and no terminal: the embedded demo backend, real libmpv
/// (`vo=null`, no audio), the app's wake pipe and the player's wakeup fd polled like UILoop does.
@Suite(.serialized) struct CoordinatorTests {
    @Test(.timeLimit(.minutes(1)))
    func theNewestPlaybackWinsAndExitRemovesPrivateFiles() async throws {
        let home = FileManager.default.temporaryDirectory.appending(path: "ep-coord-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["HOME": home.path, "XDG_STATE_HOME": home.appending(path: "state").path,
                   "XDG_CONFIG_HOME": home.appending(path: "config").path]
        let services = try await AppServices.start(GlobalOptions(), environment: env, notice: { _ in })
        let preparer = try PlaybackPreparer(services: services)
        let outcome = try await Self.onThread { () throws -> (title: String?, kind: PlaybackKind?, leftovers: [String]) in
            var configuration = PlayerConfiguration()
            configuration.video = .none
            configuration.audio = false
            let player = try Player(configuration: configuration)
            let wake = try SelfPipe()
            let coordinator = TUICoordinator(state: AppState(server: services.server.url.absoluteString, isDemo: true, user: "Demo User"),
                                             services: services, preparer: preparer, player: player, inbox: Inbox(wake: wake))
            coordinator.start()
            try Self.pump(coordinator, wake: wake, player: player) { !$0.list.rows.isEmpty }
            let ids = coordinator.screen.list.rows.map(\.id)
            for id in ["evt-no-endlist", "evt-endlist"] {          // the second Enter comes before the first is ready
                _ = coordinator.handle(.action(.focus(.list)))
                _ = coordinator.handle(.action(.select(index: ids.firstIndex(of: id)!)))
                _ = coordinator.handle(.action(.play))
            }
            try Self.pump(coordinator, wake: wake, player: player) { $0.player?.kind == .playing }
            let screen = coordinator.screen
            coordinator.shutdown()
            let left = (try? FileManager.default.contentsOfDirectory(atPath: preparer.loader.store.directory.path)) ?? []
            return (screen.player?.subtitle, screen.player?.kind, left)
        }
        await services.shutdown()
        #expect(outcome.title?.contains("evt-endlist") == true)
        #expect(outcome.kind == .playing)
        #expect(outcome.leftovers.isEmpty, "private playlist files removed at exit")
    }

    /// Runs the loop's side of things until `done` holds for the screen (20 s at most).
    static func pump(_ coordinator: TUICoordinator, wake: SelfPipe, player: Player,
                     until done: (ScreenSnapshot) -> Bool) throws {
        let deadline = Date().addingTimeInterval(20)
        while !done(coordinator.screen) {
            guard Date() < deadline else { throw PumpTimeout(screen: "\(coordinator.screen)") }
            var fds = [pollfd(fd: wake.readFD, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: player.wakeupDescriptor, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, 100)
            if fds[0].revents != 0 { wake.drain(); _ = coordinator.handle(.wake("app")) }
            if fds[1].revents != 0 { _ = coordinator.handle(.wake("player")) }
            if let next = coordinator.nextDeadline, next <= .now { _ = coordinator.handle(.deadline) }
        }
    }

    struct PumpTimeout: Error, CustomStringConvertible {
        let screen: String
        var description: String { "the coordinator never got there: \(screen)" }
    }

    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            Thread {
                do { continuation.resume(returning: try body()) } catch { continuation.resume(throwing: error) }
            }.start()
        }
    }
}
