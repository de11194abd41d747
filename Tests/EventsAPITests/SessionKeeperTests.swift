import Foundation
import Logging
import SystemSupport
import Testing
@testable import EventsAPI

/// The session core every backend client keeps (``SessionKeeper``, ``SessionKeeping``): callers
/// that come while a refresh is under way share it, a refused session is dropped and announced
/// once, and a new one is kept and announced.
@Suite struct SessionKeeperTests {
    static let server = URL(string: "http://keeper.invalid")!

    static func session(_ token: String) -> Session {
        Session(server: server, accessToken: token, refreshToken: "refresh", expiresAt: .distantFuture,
                user: User(id: "u", email: "u", name: "u"))
    }

    /// A client as small as one can be: its n-th refresh waits until the test has let n through.
    actor Client: SessionKeeping {
        var keeper: SessionKeeper
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let gate: Locked<Int>
        private(set) var refreshes = 0
        /// Callers that asked for a refresh (counted on the actor before it looks for one under way).
        private(set) var asked = 0

        init(session: Session?, gate: Locked<Int>, announced: Locked<[String?]>) {
            keeper = SessionKeeper(session: session) { session in announced.withLock { $0.append(session?.accessToken) } }
            self.gate = gate
        }

        func refresh() async throws -> Session {
            asked += 1
            return try await refreshOnce { current in try await self.performRefresh(current) }
        }

        private func performRefresh(_ current: Session) async throws -> Session {
            refreshes += 1
            let number = refreshes
            try await SessionKeeperTests.until { gate.withLock { $0 } >= number }
            let renewed = SessionKeeperTests.session("renewed-\(number)")
            await keep(renewed)
            return renewed
        }

        func refused() async -> EventsAPIError { await expire("refused") }
    }

    @Test func callersThatComeDuringARefreshShareIt() async throws {
        let gate = Locked(0)
        let announced = Locked<[String?]>([])
        let client = Client(session: Self.session("old"), gate: gate, announced: announced)
        let first = Task { try await client.refresh() }
        try await Self.until { await client.refreshes == 1 }
        let second = Task { try await client.refresh() }
        let third = Task { try await client.refresh() }
        try await Self.until { await client.asked == 3 }
        gate.withLock { $0 = 1 }
        let tokens = try await [first.value, second.value, third.value].map(\.accessToken)
        #expect(tokens == ["renewed-1", "renewed-1", "renewed-1"])
        #expect(await client.refreshes == 1)
        #expect(announced.withLock { $0 } == ["renewed-1"])
        #expect(await client.session?.accessToken == "renewed-1")

        // Once it is over, the next refresh is a new one.
        let again = Task { try await client.refresh() }
        try await Self.until { await client.refreshes == 2 }
        gate.withLock { $0 = 2 }
        #expect(try await again.value.accessToken == "renewed-2")
    }

    @Test func aRefusedSessionIsDroppedAndAnnouncedOnce() async {
        let announced = Locked<[String?]>([])
        let client = Client(session: Self.session("old"), gate: Locked(0), announced: announced)
        #expect(await client.refused().code == .sessionExpired)
        #expect(await client.refused().code == .sessionExpired)
        #expect(await client.session == nil)
        #expect(announced.withLock { $0 } == [nil])
        await #expect(throws: EventsAPIError.self) { try await client.refresh() }
        #expect(await client.refreshes == 0)
    }

    /// Waits until `condition` holds (asked every millisecond), for at most 10 s.
    static func until(_ condition: @Sendable () async -> Bool) async throws {
        for _ in 0..<10_000 {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(1))
        }
        Issue.record("the condition did not come true within 10 s")
    }
}

extension SessionKeeperTests.Client {
    var session: Session? { keeper.session }
}
