import SystemSupport

/// Measures a live feed as the pane draws it, for the status bar (``LiveFrames``): the coordinator
/// tells it the count of pictures drawn so far after each turn of the loop, and asks for a reading
/// once a second. A value: time is passed in.
///
/// ```swift
/// var meter = LiveFrameMeter()
/// meter.observe(drawn: bridge.framesDrawn, now: .now)
/// if let reading = meter.reading(now: .now) { inputs.append(.liveFrames(reading)) }
/// ```
public struct LiveFrameMeter: Sendable {
    /// The rate is measured over this much of the recent past.
    public static let window: Duration = .seconds(3)

    /// When each new picture was seen drawn, within ``window`` (and the newest always).
    private var drawnAt: [ContinuousClock.Instant] = []
    private var lastCount: Int?
    /// The first observation: a feed younger than ``window`` is measured over its own age.
    private var since: ContinuousClock.Instant?
    private var lastReading: ContinuousClock.Instant?
    private var reportedPicture = false

    public init() {}

    /// The pane has drawn `drawn` pictures in all (a count that only grows while one feed plays).
    public mutating func observe(drawn: Int, now: ContinuousClock.Instant) {
        defer { lastCount = drawn }
        guard let lastCount else {   // the count before the feed started
            since = now
            return
        }
        let new = max(0, drawn - lastCount)
        drawnAt.append(contentsOf: Array(repeating: now, count: min(new, 100)))
        if let newest = drawnAt.last { drawnAt.removeAll { now - $0 >= Self.window && $0 != newest } }
    }

    /// A reading when one is due (the first picture, then once per ``LiveView/readingInterval``),
    /// else nil.
    public mutating func reading(now: ContinuousClock.Instant) -> LiveFrames? {
        let firstPicture = !reportedPicture && !drawnAt.isEmpty
        if let lastReading, now - lastReading < LiveView.readingInterval, !firstPicture { return nil }
        lastReading = now
        reportedPicture = reportedPicture || firstPicture
        let recent = drawnAt.filter { now - $0 < Self.window }.count
        let span = min(Self.window, now - (since ?? now)).milliseconds / 1000
        return LiveFrames(framesPerSecond: span >= 0.5 ? Double(recent) / span : 0, newest: drawnAt.last, at: now)
    }
}
