import Foundation

/// One reusable rgb0 pixel buffer for the software renderer: 64-byte aligned, its stride a
/// multiple of 64 (render.h: lower alignment makes mpv copy the whole frame). Reallocated only
/// when the output size changes, never per frame.
final class PixelBuffer {
    static let alignment = 64
    let width: Int
    let height: Int
    /// Bytes per row: `width * 4` rounded up to a multiple of 64.
    let stride: Int
    let base: UnsafeMutableRawPointer

    /// A zeroed (black) buffer of `width`×`height` pixels; nil when a side is not positive or
    /// memory is short.
    init?(width: Int, height: Int) {
        guard width > 0, height > 0 else { return nil }
        let stride = (width * 4 + Self.alignment - 1) / Self.alignment * Self.alignment
        var memory: UnsafeMutableRawPointer?
        guard posix_memalign(&memory, Self.alignment, stride * height) == 0, let memory else { return nil }
        memset(memory, 0, stride * height)
        self.width = width
        self.height = height
        self.stride = stride
        self.base = memory
    }

    deinit { free(base) }

    /// The bytes, rows `stride` apart.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: stride * height) }
}
