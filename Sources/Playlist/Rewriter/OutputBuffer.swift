#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A growable byte buffer on `malloc`/`realloc` (which grows large blocks in place with `mremap`),
/// handed out as `Data` without a copy. Internal: the rewriter's output.
///
/// Not copyable in spirit: one owner calls ``release()`` or ``takeData()`` exactly once.
struct OutputBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private(set) var capacity: Int
    /// Input bytes consumed and total, to project the final size when growing.
    var progress: (done: Int, total: Int) = (0, 0)

    init(capacity: Int) {
        let capacity = Swift.max(capacity, 256)
        guard let raw = malloc(capacity) else { fatalError("out of memory (\(capacity) bytes)") }
        self.base = raw.assumingMemoryBound(to: UInt8.self)
        self.capacity = capacity
    }

    /// The bytes written so far.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    mutating func removeAll() { count = 0 }

    /// Truncates to `newCount` bytes.
    mutating func truncate(to newCount: Int) { count = newCount }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(atLeast: 1) }
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    mutating func append(_ pointer: UnsafePointer<UInt8>, _ length: Int) {
        if length <= 0 { return }
        if count &+ length > capacity { grow(atLeast: length) }
        (base + count).update(from: pointer, count: length)
        count &+= length
    }

    @inline(__always)
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0.baseAddress!, $0.count) }
    }

    /// Grows to the projected final size (from input progress) or by half, whichever is larger.
    mutating func grow(atLeast extra: Int) {
        var newCapacity = capacity + capacity / 2
        if progress.done > 0, progress.total > progress.done {
            let projected = Int(Double(count) * Double(progress.total) / Double(progress.done) * 1.05)
            newCapacity = Swift.max(newCapacity, projected)
        }
        newCapacity = Swift.max(newCapacity, count + extra + 256)
        guard let raw = realloc(base, newCapacity) else { fatalError("out of memory (\(newCapacity) bytes)") }
        base = raw.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    /// Frees the memory.
    func release() { free(base) }

    /// Hands the bytes over as `Data` (no copy); the buffer must not be used afterwards.
    func takeData() -> Data {
        if count == 0 { free(base); return Data() }
        let shrunk = realloc(base, count) ?? UnsafeMutableRawPointer(base)
        return Data(bytesNoCopy: shrunk, count: count, deallocator: .free)
    }
}
