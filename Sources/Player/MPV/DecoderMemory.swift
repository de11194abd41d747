import Glibc

/// glibc malloc's policy for a process that hosts mpv's decoders, and the memory given back when
/// their handles are gone (docs/architecture.md, "Memory").
///
/// Each mpv handle decodes on threads of its own (demuxer, decoder, frame threads), and glibc gives
/// such threads arenas of their own (up to 8 per core). By default a freed large block raises
/// malloc's thresholds (the "dynamic mmap threshold"): frames and packets then come from those
/// arenas, and an arena keeps its free top (up to twice the largest block freed) instead of
/// handing it back; `malloc_trim` does not release a per-thread arena's top either. A montage,
/// whose tiles open and destroy handles event after event, grew by about 50 MB a minute and kept
/// it after its tiles went idle, though what was in use stayed near 10 MB (measured in
/// `MontageMemoryTests`, docs/benchmarks.md). Fixed thresholds keep blocks of
/// ``mmapThreshold`` or more out of the arenas (mapped, returned on free) and trim an arena's
/// top beyond ``trimThreshold`` whenever a free leaves it so.
///
/// ```swift
/// DecoderMemory.bound()      // MPVLibrary.load(), before the first handle
/// DecoderMemory.giveBack()   // HandleDestroyer, when the last retired handle is destroyed
/// ```
enum DecoderMemory {
    /// Blocks of this size or more are mapped on their own (glibc's default start, kept fixed).
    static let mmapThreshold = 256 * 1024
    /// An arena's free top beyond this is returned to the system.
    static let trimThreshold = 512 * 1024

    /// Sets the fixed thresholds once (later calls do nothing), unless the user tuned malloc through the
    /// environment (`GLIBC_TUNABLES` naming malloc, `MALLOC_TRIM_THRESHOLD_`, `MALLOC_MMAP_THRESHOLD_`):
    /// theirs is kept. True when the thresholds are ours.
    @discardableResult
    static func bound() -> Bool { applied }

    private static let applied: Bool = {
        let names: [String] = ["GLIBC_TUNABLES", "MALLOC_TRIM_THRESHOLD_", "MALLOC_MMAP_THRESHOLD_"]
        let environment = names.compactMap { name -> (String, String)? in
            getenv(name).map { (name, String(cString: $0)) }
        }
        if environment.contains(where: { $0.0 != "GLIBC_TUNABLES" || $0.1.contains("glibc.malloc.") }) { return false }
        guard let mallopt else { return false }
        // mallopt returns 1 on success; setting either threshold turns the dynamic one off.
        return mallopt(mTrimThreshold, Int32(trimThreshold)) == 1 && mallopt(mMMapThreshold, Int32(mmapThreshold)) == 1
    }()

    /// Returns the free pages malloc holds to the system (`malloc_trim(0)`): what the destroyed
    /// handles' threads left in the arenas' free lists and the main arena's top. Blocks the caller
    /// for a few milliseconds: call it off the owner's thread.
    static func giveBack() {
        _ = mallocTrim?(0)
    }

    // malloc.h is not part of Swift's Glibc module: its two functions, found in libc.
    private static let mTrimThreshold: Int32 = -1, mMMapThreshold: Int32 = -3
    private static let mallopt = symbol("mallopt", as: (@convention(c) (Int32, Int32) -> Int32).self)
    private static let mallocTrim = symbol("malloc_trim", as: (@convention(c) (Int) -> Int32).self)

    private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }   // RTLD_DEFAULT
        return unsafeBitCast(address, to: type)
    }
}
