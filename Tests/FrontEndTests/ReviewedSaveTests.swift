import AppCore
import Foundation
import Player
import Testing
@testable import TUIFrontEnd

/// `x` in the coordinator with real parts (the embedded demo backend, real libmpv, a real state
/// directory): the mark is written off the UI thread and is on disk once the coordinator shut
/// down; a write that fails comes back to the UI thread through the coordinator's inbox (the
/// mailbox every background result takes) and shows as an error.
@Suite(.serialized) struct ReviewedSaveTests {
    @Test(.timeLimit(.minutes(1)))
    func theMarkIsOnDiskAfterShutdown() async throws {
        let home = CoordinatorTests.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let services = try await CoordinatorTests.services(home: home)
        let preparer = try PlaybackPreparer(services: services)
        let file = ReviewedMarks.fileURL(in: services.paths.state)
        let marks = try await CoordinatorTests.onThread { () throws -> ReviewedMarks in
            let coordinator = try CoordinatorTests.coordinator(services: services, preparer: preparer)
            coordinator.start()
            try CoordinatorTests.pump(coordinator) { !$0.list.rows.isEmpty }
            let index = try #require(coordinator.screen.list.rows.firstIndex { $0.id == "evt-endlist" })
            _ = coordinator.handle(.action(.select(index: index)))
            _ = coordinator.handle(.action(.toggleReviewed))
            coordinator.shutdown()
            return ReviewedMarks.load(from: file)    // at once: shutdown waited for the write
        }
        await services.shutdown()
        #expect(marks.isReviewed("evt-endlist"))
    }

    @Test(.timeLimit(.minutes(1)))
    func aFailedSaveComesBackThroughTheInbox() async throws {
        let home = CoordinatorTests.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let services = try await CoordinatorTests.services(home: home)
        let preparer = try PlaybackPreparer(services: services)
        // A directory where the marks file goes: the atomic write cannot replace it.
        let file = ReviewedMarks.fileURL(in: services.paths.state)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        let error = try await CoordinatorTests.onThread { () throws -> String? in
            let coordinator = try CoordinatorTests.coordinator(services: services, preparer: preparer)
            coordinator.start()
            try CoordinatorTests.pump(coordinator) { !$0.list.rows.isEmpty }
            _ = coordinator.handle(.action(.toggleReviewed))
            try CoordinatorTests.pump(coordinator) { $0.error != nil }
            let error = coordinator.screen.error
            coordinator.shutdown()
            return error
        }
        await services.shutdown()
        #expect(error?.hasPrefix("Reviewed marks not saved: \(file.path): ") == true, "\(error ?? "no error")")
    }
}
