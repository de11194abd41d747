import Foundation
import Glibc

extension Tmux {
    /// The screen never met the condition.
    public struct Timeout: Error, CustomStringConvertible {
        public let expected: String
        public let screen: String
        public var description: String { "the screen never showed \(expected):\n\(screen)" }
    }

    /// Waits (polling every 100 ms, up to `seconds`) until `condition` holds for the screen;
    /// returns that screen. Blocks: call it from ``offPool(_:)``.
    @discardableResult
    public func waitUntil(_ expected: String, seconds: Double = 20, escapes: Bool = false,
                          _ condition: (String) -> Bool) throws -> String {
        try Self.poll(expected, seconds: seconds, read: { capture(escapes: escapes) }, condition)
    }

    /// Waits until the screen contains `text` (and not `absent`).
    @discardableResult
    public func waitFor(_ text: String, absent: String? = nil, seconds: Double = 20) throws -> String {
        try waitUntil("\"\(text)\"" + (absent.map { " without \"\($0)\"" } ?? ""), seconds: seconds) {
            $0.contains(text) && !(absent.map($0.contains) ?? false)
        }
    }

    /// Polls `read` every 100 ms until `condition` holds for its value (up to `seconds`).
    /// Blocks: call it from ``offPool(_:)``. Useful for files and processes next to the pane.
    @discardableResult
    public static func poll(_ expected: String, seconds: Double = 20, read: () -> String,
                            _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            let value = read()
            if condition(value) { return value }
            usleep(100_000)
        } while Date() < deadline
        throw Timeout(expected: expected, screen: read())
    }

    /// Runs `body` on a thread of its own, so blocking waits never hold one of the cooperative
    /// pool's few threads (an in-process demo backend needs them).
    public static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}
