import Synchronization

/// Where other threads and tasks leave messages for one ``Poller`` loop thread: ``post(_:)`` from
/// anywhere queues a message and wakes the loop through ``wake``; the loop drains the pipe and
/// ``take()``s everything queued, in posting order. Several mailboxes may share one wake pipe.
///
/// ```swift
/// let inbox = Mailbox<Reply>(wake: try SelfPipe())
/// Task { inbox.post(await fetch()) }
/// // on the loop thread, when inbox.wake.readFD is readable:
/// inbox.wake.drain()
/// for reply in inbox.take() { handle(reply) }
/// ```
public final class Mailbox<Message: Sendable>: Sendable {
    private let messages = Mutex<[Message]>([])
    /// The pipe a ``post(_:)`` wakes; its read end goes into the loop's ``Poller`` wait.
    public let wake: SelfPipe

    public init(wake: SelfPipe) {
        self.wake = wake
    }

    /// Queues `message` and wakes the loop.
    public func post(_ message: Message) {
        messages.withLock { $0.append(message) }
        wake.wake()
    }

    /// Everything queued since the last call, oldest first (does not drain ``wake``).
    public func take() -> [Message] {
        messages.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }
}
