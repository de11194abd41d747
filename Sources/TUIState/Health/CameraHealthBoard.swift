import AppCore
import EventsAPI
import TUI

/// What the server last said of its cameras' health (``EventBackend/cameraHealth()``), keyed by
/// camera id with when it was said, and when to ask again: while something that shows health is
/// on the screen (the `c` picker, the timeline), at once when it opens unless the last answer is
/// younger than ``interval``, then every ``interval`` (Frigate takes a stats snapshot every
/// 15 s: asking more often gets the same answer). One request at a time; a failure backs off
/// as following does (``FollowSchedule``) and shows nothing; a server that has no health
/// reports (nil) is never asked again. An answer older than ``maxAge`` is dropped on the next
/// turn (``nextDeadline`` brings that turn), so what the board holds is what is shown.
///
/// ```swift
/// var board = CameraHealthBoard()
/// if board.reduce(.turn(isShown: true), now: now) == .poll { /* ask the backend */ }
/// _ = board.reduce(.answered([CameraHealth(camera: "garage", isOnline: true, captureFPS: 5)]), now: now)
/// board.health(of: "garage")?.captureFPS   // 5
/// ```
public struct CameraHealthBoard: Sendable, Equatable {
    /// One camera's health and when it came.
    struct Entry: Sendable, Equatable {
        var health: CameraHealth
        var received: ContinuousClock.Instant
    }

    /// Time between two requests while health is shown.
    public static let interval: Duration = .seconds(15)
    /// An answer this old is no longer shown (three requests' worth: a slow or failing server
    /// shows nothing rather than an old state).
    public static let maxAge: Duration = .seconds(45)

    private(set) var entries: [String: Entry] = [:]
    /// The server answered nil: it reports no health; never asked again.
    private(set) var isUnsupported = false
    /// When to ask; armed the first time health is shown.
    private(set) var schedule = FollowSchedule(interval: Self.interval)
    private var isArmed = false

    public init() {}

    enum Input: Sendable, Equatable {
        /// Any turn of the reducer; `isShown`: something on the screen shows health.
        case turn(isShown: Bool)
        /// The server's answer (nil: it reports no health).
        case answered([CameraHealth]?)
        /// The request failed.
        case failed
    }

    enum Outcome: Sendable, Equatable {
        case none
        /// Ask the server for its cameras' health.
        case poll
    }

    mutating func reduce(_ input: Input, now: ContinuousClock.Instant) -> Outcome {
        switch input {
        case .turn(let isShown):
            entries = entries.filter { now - $0.value.received < Self.maxAge }
            guard isShown, !isUnsupported else { return .none }
            if !isArmed {
                isArmed = true
                schedule.setOn(true, now: now)
            }
            return schedule.pollIfDue(now: now) ? .poll : .none
        case .answered(let health):
            _ = schedule.succeeded(now: now)
            guard let health else {
                isUnsupported = true
                entries = [:]
                return .none
            }
            entries = Dictionary(health.map { ($0.camera, Entry(health: $0, received: now)) }, uniquingKeysWith: { _, last in last })
            return .none
        case .failed:
            _ = schedule.failed(now: now)
            return .none
        }
    }

    /// `camera`'s (an id's) health, as the server said it within ``maxAge``.
    public func health(of camera: String) -> CameraHealth? {
        entries[camera]?.health
    }

    /// Every camera's health, by id.
    var current: [String: CameraHealth] {
        entries.mapValues(\.health)
    }

    /// When the reducer must look again while health is shown: the next request (none while one
    /// is in flight or when the server reports none), or an answer growing too old to show.
    var nextDeadline: ContinuousClock.Instant? {
        let expiries = entries.values.map { $0.received + Self.maxAge }
        return ([isUnsupported ? nil : schedule.nextDeadline] + expiries.map(Optional.some)).compactMap { $0 }.min()
    }

    /// Each camera's badge by the name the lists show (``Camera/name`` among `cameras`, the
    /// server's; a camera it did not list under its id keeps the id), with the server's word on
    /// whether it is switched on.
    func badges(cameras: [Camera]) -> [String: CameraHealthBadge] {
        byName(cameras: cameras).mapValues { CameraHealthText.badge($0.report, isEnabled: $0.isEnabled) }
    }

    /// A tile's (or any one line's) title for the camera shown as `name`: its name, then its
    /// health when the board has it ("Front Door · ● 5 fps"). What shows it also belongs in
    /// ``AppState/isHealthShown``, so that the board is kept fresh meanwhile.
    func title(_ name: String, cameras: [Camera]) -> String {
        let known = byName(cameras: cameras)[name]
        return CameraHealthText.title(name, health: known?.report, isEnabled: known?.isEnabled ?? true)
    }

    /// The reports by the cameras' shown names.
    private func byName(cameras: [Camera]) -> [String: (report: CameraHealth, isEnabled: Bool)] {
        let current = current
        guard !current.isEmpty else { return [:] }
        let byID = Dictionary(cameras.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var byName: [String: (report: CameraHealth, isEnabled: Bool)] = [:]
        for (id, report) in current {
            let camera = byID[id]
            byName[camera?.name ?? id] = (report, camera?.isEnabled ?? true)
        }
        return byName
    }
}
