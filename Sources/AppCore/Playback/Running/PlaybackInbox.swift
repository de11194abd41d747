import SystemSupport
import Player
import Synchronization

/// Where async preparations leave their results for the owner thread of a ``PlaybackRunner``;
/// posting wakes the owner's poll through a self-pipe.
final class PlaybackInbox: Sendable {
    private let results = Mutex<[(PlaybackID, PlaybackSession.Input)]>([])
    private let notices = Mutex<[PlaybackNotice]>([])
    let wake: SelfPipe

    init() throws {
        wake = try SelfPipe()
    }

    func post(_ input: PlaybackSession.Input, for id: PlaybackID) {
        results.withLock { $0.append((id, input)) }
        wake.wake()
    }

    func post(_ notice: PlaybackNotice) {
        notices.withLock { $0.append(notice) }
        wake.wake()
    }

    func takeNotices() -> [PlaybackNotice] {
        notices.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }

    func take() -> [(PlaybackID, PlaybackSession.Input)] {
        wake.drain()
        return results.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }
}
