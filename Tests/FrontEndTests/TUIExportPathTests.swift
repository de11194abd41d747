import AppCore
import EventsAPI
import Foundation
import SystemSupport
import Testing
import TUIState
@testable import TUIFrontEnd

/// The TUI's `e` path without a terminal: ``TUICoordinator/export(_:services:inbox:)`` against the
/// embedded demo backend, with `export-dir` in a real config file, reading what it posts to the
/// inbox. It is the export use case of `eventplayer export`: the same overwrite rule (never
/// forced), its messages in the TUI's words.
@Suite(.serialized) struct TUIExportPathTests {
    struct Setup {
        let home = CoordinatorTests.temporaryHome()
        var exports: URL { home.appending(path: "exports") }
        let services: AppServices
        let event: Event
        /// Where evt-endlist (MPEG-TS) goes.
        let final: URL

        init() async throws {
            let config = home.appending(path: "config/eventplayer")
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            try "export-dir = \"\(home.appending(path: "exports").path)\"\n"
                .write(to: config.appending(path: "config.toml"), atomically: true, encoding: .utf8)
            services = try await CoordinatorTests.services(home: home)
            event = try await EventFinder.event(id: "evt-endlist", client: services.backend)
            final = home.appending(path: "exports").appending(path: ExportNaming.defaultName(camera: event.cameraName, start: event.startTime, format: .ts))
        }

        /// The export updates `e` posts, in order.
        func export() async throws -> [ExportUpdate] {
            let inbox = Mailbox<AppInput>(wake: try SelfPipe())
            await TUICoordinator.export(event, services: services, inbox: inbox)
            return inbox.take().compactMap { if case .export(let update) = $0 { update } else { nil } }
        }

        func finish() async {
            await services.shutdown()
            try? FileManager.default.removeItem(at: home)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func startedProgressThenFinished() async throws {
        let setup = try await Setup()
        let updates = try await setup.export()
        await setup.finish()
        try #require(updates.count >= 3, "\(updates)")
        #expect(updates.first == .started(eventID: "evt-endlist", file: setup.final.path, isPartial: false))
        guard case .progress(let last) = updates[updates.count - 2], case .finished(let file, let bytes) = updates.last! else {
            Issue.record("progress, then finished: \(updates)")
            return
        }
        #expect(last.isComplete)
        #expect(file == setup.final.path && bytes > 0)
    }

    /// What is under the final name is refused by the CLI's rule, and the message names no flag.
    @Test(.timeLimit(.minutes(1)), arguments: ["a file", "a dangling symbolic link"])
    func somethingUnderTheFinalNameIsRefusedInTheTUIsWords(what: String) async throws {
        let setup = try await Setup()
        try FileManager.default.createDirectory(at: setup.exports, withIntermediateDirectories: true)
        if what == "a file" {
            try Data("precious".utf8).write(to: setup.final)
        } else {
            try FileManager.default.createSymbolicLink(at: setup.final, withDestinationURL: setup.home.appending(path: "nowhere"))
        }
        let updates = try await setup.export()
        let left = try FileManager.default.contentsOfDirectory(atPath: setup.exports.path)
        let kept = what == "a file" ? try String(contentsOf: setup.final, encoding: .utf8) : "precious"
        await setup.finish()
        let problem = what == "a file" ? "exists" : "is a symbolic link"
        #expect(updates == [.failed(message: "\(setup.final.path) \(problem): move or delete it to export again.")])
        #expect(left == [setup.final.lastPathComponent], "no .part was started: \(left)")
        #expect(kept == "precious")
    }
}
