import Glibc
import Synchronization

/// Set by the fatal handler before it reads any published block; from then on replaced blocks
/// are leaked instead of freed (the handler may be reading them).
let fatalSignalInProgress = Atomic<Bool>(false)

/// An immutable `malloc`ed block that a signal handler can read: writers publish a new block
/// (an atomic exchange of its address) and free the old one unless a fatal signal is being
/// handled. With sequentially consistent ordering the handler, which sets
/// ``fatalSignalInProgress`` before loading, never sees a freed block.
struct PublishedBlock: ~Copyable, Sendable {
    private let address = Atomic<Int>(0)

    /// Publishes a copy of `bytes` (nil: nothing) and frees the block it replaces.
    func publish(_ bytes: [UInt8]?) {
        var block = 0
        if let bytes {
            let memory = malloc(max(bytes.count, 1))!
            bytes.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
            block = Int(bitPattern: memory)
        }
        let old = address.exchange(block, ordering: .sequentiallyConsistent)
        if old != 0, !fatalSignalInProgress.load(ordering: .sequentiallyConsistent) {
            free(UnsafeMutableRawPointer(bitPattern: old))
        }
    }

    /// The current block (async-signal-safe; call after setting ``fatalSignalInProgress``).
    func current() -> UnsafeRawPointer? {
        UnsafeRawPointer(bitPattern: address.load(ordering: .sequentiallyConsistent))
    }

    /// Takes the current block away (async-signal-safe): later calls get nil. Never frees it.
    func take() -> UnsafeRawPointer? {
        UnsafeRawPointer(bitPattern: address.exchange(0, ordering: .sequentiallyConsistent))
    }
}
