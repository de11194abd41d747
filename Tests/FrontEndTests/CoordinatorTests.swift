import SystemSupport
import AppCore
import CLIFrontEnd
import Foundation
import PlaybackStates
import Player
import Testing
import TUI
@testable import TUIFrontEnd
import TUIState
#if canImport(Glibc)
import Glibc
#endif

/// The coordinator with real parts and no terminal: the embedded demo backend, real libmpv
/// (`vo=null`, no audio), the app's wake pipe and the runner's wakeup fds polled like UILoop does.
@Suite(.serialized) struct CoordinatorTests {
    @Test(.timeLimit(.minutes(1)))
    func theNewestPlaybackWinsAndExitRemovesPrivateFiles() async throws {
        let home = Self.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let services = try await Self.services(home: home)
        let preparer = try PlaybackPreparer(services: services)
        let outcome = try await Self.onThread { () throws -> (title: String?, playback: PlaybackState?, leftovers: [String]) in
            let coordinator = try Self.coordinator(services: services, preparer: preparer)
            coordinator.start()
            try Self.pump(coordinator) { !$0.list.rows.isEmpty }
            let ids = coordinator.screen.list.rows.map(\.id)
            for id in ["evt-no-endlist", "evt-endlist"] {          // the second Enter comes before the first is ready
                _ = coordinator.handle(.action(.focus(.list)))
                _ = coordinator.handle(.action(.select(index: ids.firstIndex(of: id)!)))
                _ = coordinator.handle(.action(.play))
            }
            try Self.pump(coordinator) { $0.player?.playback == .playing }
            let screen = coordinator.screen
            coordinator.shutdown()
            let left = (try? FileManager.default.contentsOfDirectory(atPath: preparer.privateDirectory.path)) ?? []
            return (screen.player?.subtitle, screen.player?.playback, left)
        }
        await services.shutdown()
        #expect(outcome.title?.contains("evt-endlist") == true)
        #expect(outcome.playback == .playing)
        #expect(outcome.leftovers.isEmpty, "private playlist files removed at exit")
    }

    @Test(.timeLimit(.minutes(1)))
    func privateFilesStayWhileAnEndedPlaybackIsLoadedAndGoWithTheStop() async throws {
        let home = Self.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let services = try await Self.services(home: home)
        let preparer = try PlaybackPreparer(services: services)
        let privateFiles: @Sendable () -> [String] = { (try? FileManager.default.contentsOfDirectory(atPath: preparer.privateDirectory.path)) ?? [] }
        let outcome = try await Self.onThread { () throws -> (finish: FinishReason?, whilePlaying: Int, afterEnd: [String], afterStop: [String]) in
            let coordinator = try Self.coordinator(services: services, preparer: preparer)
            coordinator.start()
            try Self.pump(coordinator) { !$0.list.rows.isEmpty }
            let index = coordinator.screen.list.rows.firstIndex { $0.id == "evt-endlist" }!
            _ = coordinator.handle(.action(.select(index: index)))
            _ = coordinator.handle(.action(.play))
            try Self.pump(coordinator) { $0.player?.playback == .playing }
            let playing = privateFiles()
            try Self.pump(coordinator, seconds: 30) { $0.player?.finish != nil }
            let ended = privateFiles()
            let finish = coordinator.screen.player?.finish
            _ = coordinator.handle(.action(.stop))
            try Self.pump(coordinator) { _ in privateFiles().isEmpty }
            let stopped = privateFiles()
            coordinator.shutdown()
            return (finish, playing.count, ended, stopped)
        }
        await services.shutdown()
        #expect(outcome.finish == .ended)
        #expect(outcome.whilePlaying > 0, "the private playlist exists while it plays")
        // mpv keeps the file at the end: a seek back reads what its cache dropped through the playlist.
        #expect(outcome.afterEnd.count == outcome.whilePlaying, "kept while the ended playback is loaded")
        #expect(outcome.afterStop.isEmpty, "and gone with the stop, while the program still runs")
    }

    /// The one restart after stop: Enter after `s` prepares the playback afresh (a new private
    /// playlist; the stopped one's was removed) and plays on from the knob under the same identity.
    @Test(.timeLimit(.minutes(1)))
    func playAfterStopPreparesAfreshAndResumesAtTheKnob() async throws {
        let home = Self.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let services = try await Self.services(home: home)
        let preparer = try PlaybackPreparer(services: services)
        typealias Outcome = (playing: Set<String>, stopped: Set<String>, restarted: Set<String>, knob: Double,
                             resumedAt: Double?, ids: [PlaybackID?], finish: FinishReason?)
        let outcome = try await Self.onThread { () throws -> Outcome in
            let coordinator = try Self.coordinator(services: services, preparer: preparer)
            coordinator.start()
            let files = { Set((try? FileManager.default.contentsOfDirectory(atPath: preparer.privateDirectory.path)) ?? []) }
            try Self.pump(coordinator) { !$0.list.rows.isEmpty }
            let index = coordinator.screen.list.rows.firstIndex { $0.id == "evt-endlist" }!
            _ = coordinator.handle(.action(.select(index: index)))
            _ = coordinator.handle(.action(.play))
            try Self.pump(coordinator) { _ in (coordinator.runner.session?.position ?? 0) > 1 }
            let playing = files()
            let first = coordinator.runner.session?.id
            _ = coordinator.handle(.action(.stop))
            try Self.pump(coordinator) { $0.player?.finish == .userExited }
            let stopped = files()
            let knob = coordinator.runner.session?.position ?? 0
            _ = coordinator.handle(.action(.play))
            try Self.pump(coordinator) { $0.player?.playback == .playing && $0.player?.finish == nil }
            let outcome = (playing, stopped, files(), knob, coordinator.runner.session?.position,
                           [first, coordinator.runner.session?.id], coordinator.screen.player?.finish)
            coordinator.shutdown()
            return outcome
        }
        await services.shutdown()
        #expect(!outcome.playing.isEmpty, "the private playlist exists while it plays")
        #expect(outcome.stopped.isEmpty, "stop removed it")
        #expect(!outcome.restarted.isEmpty && outcome.restarted.isDisjoint(with: outcome.playing), "prepared afresh")
        #expect(outcome.knob > 1)
        #expect((outcome.resumedAt ?? 0) >= outcome.knob - 1, "resumed at the knob (\(outcome.knob)), not from the start")
        #expect(outcome.ids[0] != nil && outcome.ids[0] == outcome.ids[1], "the same playback, started again")
        #expect(outcome.finish == nil)
    }

    /// A fresh HOME for one test (state, config and session files of its own).
    static func temporaryHome() -> URL {
        FileManager.default.temporaryDirectory.appending(path: "ep-coord-\(UUID().uuidString)")
    }

    /// Services as `eventplayer` starts them, with `home` as HOME (the embedded demo backend unless `server`).
    static func services(home: URL, server: String? = nil) async throws -> AppServices {
        let env = ["HOME": home.path, "XDG_STATE_HOME": home.appending(path: "state").path,
                   "XDG_CONFIG_HOME": home.appending(path: "config").path]
        return try await AppServices.start(GlobalOptions(server: server), environment: env, demo: DemoBackendStarter(), notice: { _ in })
    }

    static func coordinator(services: AppServices, preparer: PlaybackPreparer) throws -> TUICoordinator {
        var configuration = PlayerConfiguration()
        configuration.video = .none
        configuration.audio = false
        let runner = try PlaybackRunner(player: try Player(configuration: configuration), preparer: preparer)
        let state = AppState(server: services.server.url.absoluteString, isDemo: true, user: "Demo User")
        return TUICoordinator(state: state, services: services, runner: runner, inbox: Mailbox(wake: try SelfPipe()))
    }

    /// Runs the loop's side of things until `done` holds for the screen.
    static func pump(_ coordinator: TUICoordinator, seconds: Double = 20, until done: (ScreenSnapshot) -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        let app = coordinator.inbox.wake
        while !done(coordinator.screen) {
            guard Date() < deadline else { throw PumpTimeout(screen: "\(coordinator.screen)") }
            let playback = coordinator.runner.wakeupDescriptors
            let ready = (try? Poller.wait(for: ([app.readFD] + playback).map(Poller.Descriptor.readable),
                                          until: .now + .milliseconds(100))) ?? []
            if ready.first?.isEmpty == false { app.drain(); _ = coordinator.handle(.wake(TUICoordinator.appWake)) }
            if ready.dropFirst().contains(where: { !$0.isEmpty }) { _ = coordinator.handle(.wake(TUICoordinator.playbackWake)) }
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
