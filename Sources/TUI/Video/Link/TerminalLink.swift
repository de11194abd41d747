/// The link to the terminal as the video panes share it (one per ``PaneGroup``): the end-to-end
/// pacer all panes' frames count against (they travel the same link, and the terminal answers
/// their status requests in order) and the filter that takes its replies out of the input. Off
/// until the loop turns it on for the real terminal (``isEnabled``); tests of the writer alone
/// see no requests in its output.
final class TerminalLink {
    /// Frames end with a status request and are paced by the replies.
    var isEnabled = false
    var pacer = EndToEndPacer()
    var replies = DeviceStatusFilter()
    /// A request was written: from then on the loop reads the terminal's input through ``replies``.
    private(set) var hasAsked = false
    /// Replies taken out of the input so far.
    private(set) var repliesReceived = 0
    /// Nothing was written since the terminal answered the last request it had: a lone request
    /// now measures the round trip alone. Text (ncurses' updates, which the pacer does not count)
    /// or a frame written since would hold its reply back: the round trip would look longer, and
    /// taken off every frame's time it made a 50 kB/s link look like 2.4 MB/s.
    private(set) var isQuiet = false

    /// ncurses wrote to the terminal (the link is not quiet until the next reply).
    func textWritten() { isQuiet = false }

    /// A request is about to be written: replies may come from now on, even before the pacer
    /// counts it as sent (a frame's lone request at its start goes long before its end).
    func asking() { hasAsked = true }

    /// A frame of `bytes`, its request at the end, went to the terminal whole.
    func sent(bytes: Int, now: ContinuousClock.Instant, startedAt: ContinuousClock.Instant? = nil) {
        hasAsked = true
        isQuiet = false
        pacer.sent(bytes: bytes, now: now, startedAt: startedAt)
    }

    /// A lone request went (it measures the round trip, ``EndToEndPacer/roundTrip``).
    func sentRoundTrip(now: ContinuousClock.Instant) {
        hasAsked = true
        isQuiet = false
        pacer.sentRoundTrip(now: now)
    }

    /// Bytes read from the terminal: the replies go to the pacer; returns the rest (keys), in order.
    func received(_ bytes: some Sequence<UInt8>, now: ContinuousClock.Instant) -> [UInt8] {
        let (keys, count) = replies.feed(bytes, now: now)
        for _ in 0..<count { pacer.acknowledged(now: now) }
        repliesReceived += count
        if count > 0, pacer.inFlight.isEmpty { isQuiet = true }
        return keys
    }
}
