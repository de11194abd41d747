import Foundation
import Glibc
import Synchronization
import Testing

/// The shared ZoneMinder's database, for tests that change what the server has (rows inserted or
/// deleted, MariaDB stopped and started again): ``ZoneMinderServer/sql(_:)``,
/// ``ZoneMinderServer/stopDatabase()``, ``ZoneMinderServer/startDatabase()``. Such suites take the
/// server alone (``ZoneMinderGate``): the other ZoneMinder suites wait for them, and they for those.
///
/// ```swift
/// let zm = try await ZoneMinderServer.shared()
/// let count = try await zm.sql("SELECT COUNT(*) FROM Events")
/// ```
extension ZoneMinderServer {
    /// `STATE_DIR/my.cnf`: the client's socket and user (root, by the socket).
    var clientConfiguration: String { stateDir + "/my.cnf" }

    /// Runs `statement` on the `zm` database with the mysql client on the state directory's
    /// socket; answers its output (tab-separated, no column names), trimmed.
    @discardableResult
    public func sql(_ statement: String) async throws -> String {
        let output = stateDir + "/sql-\(UUID().uuidString).out"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let status = try await Tmux.offPool {
            try Self.run("/usr/bin/mariadb", ["--defaults-file=\(clientConfiguration)", "-N", "-B", "zm", "-e", statement],
                         stdout: output, stderr: output)
        }
        let text = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard status == 0 else { throw Failure(step: "running SQL on \(stateDir): \(statement.prefix(200))", details: text) }
        return text
    }

    /// Stops MariaDB (`mariadb-admin shutdown`, which returns once it is down); ZoneMinder's
    /// daemons and Apache keep running.
    public func stopDatabase() async throws {
        let log = stateDir + "/logs/database-stop.log"
        let status = try await Tmux.offPool {
            try Self.run("/usr/bin/mariadb-admin", ["--defaults-file=\(clientConfiguration)", "shutdown"], stdout: log, stderr: log)
        }
        guard status == 0 else { throw Failure(step: "stopping MariaDB of \(stateDir)", details: Self.lastLines(of: log)) }
    }

    /// Starts MariaDB again: `scripts/zoneminder/start` on the running state directory starts
    /// what is not running (here MariaDB) and reuses the rest (about 3 s).
    public func startDatabase() async throws {
        let log = stateDir + "/logs/database-start.log"
        let start = Self.scripts.appending(path: "start").path
        let status = try await Tmux.offPool { try Self.run(start, [stateDir], stdout: log, stderr: log) }
        guard status == 0 else { throw Failure(step: "starting MariaDB of \(stateDir) again (\(start))", details: Self.lastLines(of: log)) }
    }
}

/// A suite trait for the suites against the shared ZoneMinder: those that change the server
/// (``ZoneMinderGate/alone``: rows inserted and deleted, MariaDB stopped) run while no other such
/// suite does; the others (``ZoneMinderGate/shared``) run beside each other. Swift Testing starts
/// every suite at once: without it, a test listing events would meet a stopped database.
///
/// ```swift
/// @Suite(.serialized, .zoneMinder(alone: true)) struct ZoneMinderOutageTests { … }
/// ```
public struct ZoneMinderGate: SuiteTrait, TestScoping {
    /// True: no other ZoneMinder suite runs meanwhile.
    public let alone: Bool

    /// Once for the whole suite.
    public var isRecursive: Bool { false }

    static let lock = Gate()

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        await Self.lock.acquire(alone: alone)
        defer { Self.lock.release(alone: alone) }
        try await function()
    }

    /// A readers-writer lock whose waiters are continuations (no thread of the pool is held),
    /// first come, first served.
    final class Gate: Sendable {
        private struct State {
            var sharing = 0
            var alone = false
            var waiting: [(alone: Bool, continuation: CheckedContinuation<Void, Never>)] = []
        }
        private let state = Mutex(State())

        func acquire(alone: Bool) async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    let free = state.waiting.isEmpty && !state.alone && (!alone || state.sharing == 0)
                    guard free else {
                        state.waiting.append((alone, continuation))
                        return false
                    }
                    if alone { state.alone = true } else { state.sharing += 1 }
                    return true
                }
                if now { continuation.resume() }
            }
        }

        func release(alone: Bool) {
            let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                if alone { state.alone = false } else { state.sharing -= 1 }
                var ready: [CheckedContinuation<Void, Never>] = []
                while let next = state.waiting.first, !state.alone, !next.alone || state.sharing == 0 {
                    state.waiting.removeFirst()
                    if next.alone { state.alone = true } else { state.sharing += 1 }
                    ready.append(next.continuation)
                    if next.alone { break }
                }
                return ready
            }
            ready.forEach { $0.resume() }
        }
    }
}

extension Trait where Self == ZoneMinderGate {
    /// This suite uses the shared ZoneMinder: `alone` when it changes the server (see ``ZoneMinderGate``).
    public static func zoneMinder(alone: Bool = false) -> Self { ZoneMinderGate(alone: alone) }
}
