import Glibc

/// The one `poll(2)` wait of the process: waits on a list of descriptors (each for reading or for
/// writing) until one is ready or a deadline passes, and answers what each descriptor reported, in
/// the order given. The deadline becomes the timeout through ``PollTimeout`` (rounded up: never
/// wakes before it); an interrupted wait (`EINTR`, a signal handled on this thread) is retried
/// against the same deadline; a negative descriptor is ignored (its answer is empty), so a loop can
/// keep a slot for a descriptor it does not watch this turn. Every poll loop (the UI thread, `play`,
/// the still renderer, the signal wait, the tests' drivers) waits through here and keeps its own
/// logic: what to do with what is ready.
///
/// ```swift
/// let ready = try Poller.wait(for: [.readable(stdinFD), .readable(wake.readFD), .writable(ttyFD)],
///                             until: loop.nextDeadline)
/// if ready[0].isHangUpOrError { quit() } else if ready[0].contains(.readable) { readKeys() }
/// if !ready[1].isEmpty { wake.drain() }
/// if ready.allSatisfy(\.isEmpty) { deadlinePassed() }
/// ```
public enum Poller {
    /// One descriptor to wait on and what to wait for.
    public struct Descriptor: Sendable, Hashable {
        /// The descriptor; negative: ignored (never ready).
        public let fd: Int32
        /// ``Events/readable`` or ``Events/writable``.
        public let interest: Events

        /// Waits until `fd` has data to read or its other end is gone (negative `fd`: ignored).
        public static func readable(_ fd: Int32) -> Descriptor { Descriptor(fd: fd, interest: .readable) }

        /// Waits until `fd` can take more bytes (negative `fd`: ignored).
        public static func writable(_ fd: Int32) -> Descriptor { Descriptor(fd: fd, interest: .writable) }
    }

    /// What `poll(2)` reported for one descriptor (its `revents`); empty: not ready.
    public struct Events: OptionSet, Sendable, Hashable {
        public let rawValue: Int16
        public init(rawValue: Int16) { self.rawValue = rawValue }

        /// Data to read (`POLLIN`).
        public static let readable = Events(rawValue: Int16(POLLIN))
        /// Room to write (`POLLOUT`).
        public static let writable = Events(rawValue: Int16(POLLOUT))
        /// The other end is gone: a pipe's writers closed, the terminal hung up (`POLLHUP`).
        public static let hangUp = Events(rawValue: Int16(POLLHUP))
        /// An error condition on the descriptor (`POLLERR`).
        public static let error = Events(rawValue: Int16(POLLERR))
        /// The descriptor is not open (`POLLNVAL`).
        public static let invalid = Events(rawValue: Int16(POLLNVAL))

        /// The descriptor hung up, failed or is not open: no more input will come from it.
        public var isHangUpOrError: Bool { !isDisjoint(with: [.hangUp, .error, .invalid]) }
    }

    /// Waits until one of `descriptors` is ready or `deadline` passes (nil: no deadline, a past
    /// deadline: look without waiting). Returns each descriptor's events, index for index; all
    /// empty when the deadline passed. Throws only when `poll(2)` itself fails (not for `EINTR`).
    public static func wait(for descriptors: [Descriptor],
                            until deadline: ContinuousClock.Instant?) throws(SystemCallError) -> [Events] {
        var fds = descriptors.map { pollfd(fd: $0.fd, events: $0.interest.rawValue, revents: 0) }
        while true {
            if poll(&fds, nfds_t(fds.count), PollTimeout.until(deadline)) >= 0 { break }
            guard errno == EINTR else { throw SystemCallError("poll") }
        }
        return fds.map { Events(rawValue: $0.revents) }
    }
}
