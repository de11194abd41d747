internal import CMPV
import Foundation
import Synchronization

/// Keeps ffmpeg's log reaching the players. ffmpeg's log callback is process-global, and libmpv
/// gives it to the first mpv instance alive (`init_libav`); when that instance is destroyed the
/// callback goes back to ffmpeg's default (stderr) until the next instance is *created*. Handles
/// are destroyed in the background (``HandleDestroyer``), so a new playback's handle usually
/// starts while the old one still exists: without an anchor, its "HTTP error 403" and "Failed to
/// open segment" lines went to the dying handle, then to stderr, and a broken event ended as
/// `ended`.
///
/// The anchor is one idle mpv instance, made before the first playback handle and kept for the
/// life of the process, so it always owns ffmpeg's log. A thread of its own waits on its events
/// (blocked in `mpv_wait_event`, no CPU when nothing is logged) and hands each `ffmpeg…` line to
/// the subscribed players, which apply it to their current playback.
///
/// ```swift
/// let subscription = FFmpegLogAnchor.shared?.subscribe(level: "warn") { line in inbox.append(line) }
/// ```
final class FFmpegLogAnchor: Sendable {
    /// The process's anchor; nil when libmpv could not make one (players then work as before,
    /// with ffmpeg's lines on whichever handle was first).
    static let shared: FFmpegLogAnchor? = FFmpegLogAnchor()

    /// Makes the anchor if it does not exist yet. Call before creating any other mpv handle.
    static func ensure() { _ = shared }

    /// The anchor's handle; `Sendable` because libmpv's client API is thread-safe and the
    /// handle is never destroyed (it lives as long as the process, like ffmpeg's log callback).
    private let raw: RawHandle
    private let subscribers = Mutex<[Int: Subscriber]>([:])
    private let nextToken = Mutex(0)
    /// The most verbose level requested so far (mpv filters before the line reaches us).
    private let requestedRank = Mutex(LogLevel.rank("warn"))
    /// The anchor's own mpv threads (`/proc/self/task` ids), taken right after it started:
    /// tests that check no mpv thread outlives a player leave these out.
    let threadIDs: Set<String>

    private init?() {
        guard MPVLibrary.isAvailable, let handle = mpv_create() else { return nil }
        for (name, value) in Self.options { _ = mpv_set_option_string(handle, name, value) }
        guard mpv_request_log_messages(handle, "warn") >= 0, mpv_initialize(handle) >= 0 else {
            mpv_terminate_destroy(handle)
            return nil
        }
        raw = RawHandle(pointer: handle)
        threadIDs = Self.mpvThreadIDs()
        let thread = Thread { [self] in run() }
        thread.name = "eventplayer/ffmpeg-log"
        thread.start()
    }

    /// An instance that loads nothing and starts nothing: no scripts, no config, no input.
    static let options: [(String, String)] = [
        ("config", "no"), ("terminal", "no"), ("idle", "yes"), ("vo", "null"), ("ao", "null"),
        ("load-scripts", "no"), ("osc", "no"), ("ytdl", "no"), ("load-stats-overlay", "no"),
        ("load-osd-console", "no"), ("load-auto-profiles", "no"), ("input-default-bindings", "no"),
    ]

    /// Calls `deliver` (on the anchor's thread) with every ffmpeg line at `level` or more severe,
    /// until the returned subscription is cancelled. `deliver` must only queue the line and wake
    /// its owner.
    func subscribe(level: String, deliver: @escaping @Sendable (PlayerLogMessage) -> Void) -> Subscription {
        let rank = LogLevel.rank(level)
        let token = nextToken.withLock { $0 += 1; return $0 }
        subscribers.withLock { $0[token] = Subscriber(rank: rank, deliver: deliver) }
        let raise = requestedRank.withLock { current -> String? in
            guard rank > current else { return nil }
            current = rank
            return level
        }
        if let raise { _ = mpv_request_log_messages(raw.pointer, raise) }
        return Subscription(anchor: self, token: token)
    }

    fileprivate func unsubscribe(_ token: Int) {
        _ = subscribers.withLock { $0.removeValue(forKey: token) }
    }

    /// The anchor's thread: blocks until mpv has an event, forwards ffmpeg's lines.
    private func run() {
        while true {
            guard let event = mpv_wait_event(raw.pointer, -1)?.pointee else { continue }
            guard event.event_id == MPV_EVENT_LOG_MESSAGE, let data = event.data else { continue }
            let line = MPVEventDecoder.logMessage(data.assumingMemoryBound(to: mpv_event_log_message.self).pointee)
            guard line.prefix.hasPrefix("ffmpeg") else { continue }
            let rank = LogLevel.rank(line.level)
            let targets = subscribers.withLock { Array($0.values) }
            for target in targets where rank <= target.rank { target.deliver(line) }
        }
    }

    /// `/proc/self/task` ids of this process's threads that libmpv started (named "mpv/…").
    static func mpvThreadIDs() -> Set<String> {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return Set(tasks.filter { task in
            let name = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
            return name.hasPrefix("mpv/")
        })
    }

    /// A player's registration; ``cancel()`` (or deinit) stops the deliveries.
    final class Subscription: Sendable {
        private let anchor: FFmpegLogAnchor
        private let token: Int

        fileprivate init(anchor: FFmpegLogAnchor, token: Int) {
            self.anchor = anchor
            self.token = token
        }

        func cancel() { anchor.unsubscribe(token) }

        deinit { cancel() }
    }

    private struct Subscriber: Sendable {
        let rank: Int
        let deliver: @Sendable (PlayerLogMessage) -> Void
    }

    /// `@unchecked Sendable`: an `mpv_handle*`, which libmpv allows from any thread; never freed.
    private struct RawHandle: @unchecked Sendable {
        let pointer: OpaquePointer
    }
}

/// mpv's log levels, most severe first.
enum LogLevel {
    static let order = ["fatal", "error", "warn", "info", "status", "v", "debug", "trace"]

    /// Higher is more verbose; unknown levels count as `warn`.
    static func rank(_ level: String) -> Int { order.firstIndex(of: level) ?? 2 }
}
