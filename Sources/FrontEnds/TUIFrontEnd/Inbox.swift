import SystemSupport
import AppCore
import Synchronization

/// Where async work (sign-in, pages) leaves its results for the UI thread; posting wakes the loop
/// through the app's self-pipe.
final class Inbox: Sendable {
    private let inputs = Mutex<[AppInput]>([])
    let wake: SelfPipe

    init(wake: SelfPipe) {
        self.wake = wake
    }

    func post(_ input: AppInput) {
        inputs.withLock { $0.append(input) }
        wake.wake()
    }

    func take() -> [AppInput] {
        inputs.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }
}
