import Foundation
import Synchronization
import Testing

/// A suite trait for suites whose tests start real `eventplayer` processes (libmpv decoding,
/// tmux panes, in-process demo backends serving them): at most ``width`` such suites run at once
/// in a test process; the others wait, before their first test starts, for one to end.
///
/// Swift Testing starts every suite at once. The end-to-end suites then ran up to 26 players and
/// a dozen tmux servers together on two cores (up to 49 runnable threads), and CI failed three TUI
/// tests (two first keys after the list loaded, a 2.42× playback's pace, which needs the
/// in-process server to keep up). Every wait in these tests is meant for one user's machine under
/// one user's load, not a dozen users': the share keeps the load near that, on any machine.
///
/// The wait is outside every test's time limit: a suite's scope wraps all its tests, and a test's
/// `.timeLimit` starts with the test.
///
/// ```swift
/// @Suite(.serialized, .machineShare) struct TUISomethingTests { … }
/// ```
public struct MachineShare: SuiteTrait, TestScoping {
    /// How many such suites run at once: two per core, at least three. Their tests mostly wait on
    /// a screen or a child process, so fewer leave cores idle. On two cores (2026-11-26) the main
    /// stage took about 150 s with four, 120–145 s with six, 120 s with no limit and 202 s with
    /// three. With both cores half taken by two busy loops (a machine half as fast), no limit
    /// failed a test on a one-second status tick; four passed, in 180 s.
    public static let width = max(3, 2 * ProcessInfo.processInfo.activeProcessorCount)

    static let slots = Slots(width: width)

    /// Once for the whole suite, not once per test.
    public var isRecursive: Bool { false }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        // A suite inside a suite that holds a share runs in that share (waiting for a second
        // one could wait for ever once every share is held by an outer suite).
        guard !Self.held else { return try await function() }
        await Self.slots.acquire()
        defer { Self.slots.release() }
        try await Self.$held.withValue(true) { try await function() }
    }

    /// Whether the running task is inside a suite that holds a share.
    @TaskLocal static var held = false

    /// A counting semaphore whose waiters are continuations, so a waiting suite holds no thread
    /// of the cooperative pool (two threads here; the in-process demo backends need them).
    final class Slots: Sendable {
        private struct State {
            var free: Int
            var waiting: [CheckedContinuation<Void, Never>] = []
        }
        private let state: Mutex<State>

        init(width: Int) { state = Mutex(State(free: width)) }

        /// Takes a slot, waiting for one to be released if none is free (first come, first served).
        func acquire() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    guard state.free > 0 else {
                        state.waiting.append(continuation)
                        return false
                    }
                    state.free -= 1
                    return true
                }
                if now { continuation.resume() }
            }
        }

        /// Gives a slot back: to the longest waiting suite if there is one.
        func release() {
            let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard !state.waiting.isEmpty else {
                    state.free += 1
                    return nil
                }
                return state.waiting.removeFirst()
            }
            next?.resume()
        }
    }
}

extension Trait where Self == MachineShare {
    /// This suite starts real `eventplayer` processes: it runs beside only a few others like it
    /// (``MachineShare``).
    public static var machineShare: Self { MachineShare() }
}
