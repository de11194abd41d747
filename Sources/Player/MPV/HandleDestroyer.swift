internal import CMPV
import Dispatch
import Foundation
import Synchronization

/// Destroys retired mpv handles off the owner's thread. `mpv_terminate_destroy` waits for every
/// mpv thread of the handle to exit (a network read that is still blocked included), and the
/// owner's (UI) thread must never wait on mpv. ``waitUntilIdle()`` blocks until every
/// handle handed over so far is gone: `Player.shutdown()` and `deinit` call it, so no mpv thread
/// outlives the player and no private playlist is read after the owner removed it.
///
/// ```swift
/// handle.retire(to: destroyer)   // returns at once; mpv_terminate_destroy runs on the destroyer's queue
/// destroyer.waitUntilIdle()      // at shutdown
/// ```
final class HandleDestroyer: Sendable {
    /// Concurrent: one handle stuck in a slow teardown does not hold up the others.
    private let queue = DispatchQueue(label: "eventplayer.player.destroy", attributes: .concurrent)
    private let group = DispatchGroup()
    private let outstanding = Mutex(0)

    /// Handles handed over whose `mpv_terminate_destroy` has not returned yet.
    var pendingCount: Int { outstanding.withLock { $0 } }

    /// Queues `retired` for destruction: its render context is freed first, then the handle, then
    /// the file only it read.
    func destroy(_ retired: RetiredHandle) {
        outstanding.withLock { $0 += 1 }
        group.enter()
        queue.async { [self] in
            retired.renderContext?.free()
            mpv_terminate_destroy(retired.raw)
            if let file = retired.ownedFile { try? FileManager.default.removeItem(at: file) }
            // The last one gone: what its threads freed goes back to the system (a montage's idle tiles).
            if outstanding.withLock({ $0 -= 1; return $0 }) == 0 { DecoderMemory.giveBack() }
            group.leave()
        }
    }

    /// Blocks until every handle handed over so far has been destroyed.
    func waitUntilIdle() { group.wait() }
}

/// An mpv handle that its ``MPVHandle`` gave up: nothing but the destroyer touches it any more.
/// `@unchecked Sendable` because it crosses to the destroyer's queue exactly once and is used
/// there only (the pointer is not reachable from the owner after `MPVHandle.retire(to:)`).
struct RetiredHandle: @unchecked Sendable {
    let raw: OpaquePointer
    let renderContext: (any MPVRenderContextSeam)?
    /// Removed after the handle is destroyed (nothing reads it any more).
    let ownedFile: URL?
}
