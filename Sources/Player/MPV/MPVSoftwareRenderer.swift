internal import CMPV
import Foundation

/// The software render context of one ``MPVHandle`` (`MPV_RENDER_API_TYPE_SW`), for terminal
/// video. Created after `mpv_initialize` on a handle with `vo=libmpv`; ``MPVHandle/destroy()``
/// frees it (through ``MPVRenderContextSeam``) before `mpv_terminate_destroy`.
///
/// render.h's rules, kept here: the update callback only writes a byte to the owner's wakeup
/// pipe and calls no mpv API; the owner calls ``update()`` after each wakeup and renders on its
/// own thread, one call at a time.
final class MPVSoftwareRenderer: MPVRenderContextSeam {
    private var context: OpaquePointer?

    /// Creates the context on `handle` and points its update callback at the wakeup pipe.
    init(handle: MPVHandle, wakeupDescriptor: Int32) throws {
        guard let raw = handle.raw else { throw PlayerError(.mpv("create the video renderer", "the handle is gone")) }
        var created: OpaquePointer?
        let rc = MPV_RENDER_API_TYPE_SW.withCString { api -> Int32 in
            var params = [
                mpv_render_param(type: MPV_RENDER_PARAM_API_TYPE, data: UnsafeMutableRawPointer(mutating: api)),
                mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil),
            ]
            return mpv_render_context_create(&created, raw, &params)
        }
        guard rc >= 0, let created else {
            throw PlayerError(.mpv("create the terminal video renderer", MPVHandle.errorString(rc)))
        }
        context = created
        let callbackContext = UnsafeMutableRawPointer(bitPattern: Int(wakeupDescriptor) + 1)
        mpv_render_context_set_update_callback(created, mpvRenderUpdate, callbackContext)
    }

    deinit { free() }

    /// True when mpv has a new frame to render (`MPV_RENDER_UPDATE_FRAME`). Call after every
    /// wakeup: mpv may wait for it before it goes on.
    func update() -> Bool {
        guard let context else { return false }
        return mpv_render_context_update(context) & UInt64(MPV_RENDER_UPDATE_FRAME.rawValue) != 0
    }

    /// Renders the current frame into `buffer` (rgb0) at its full size; mpv scales and
    /// letterboxes. Returns false when mpv refused (the buffer is then unchanged).
    func render(into buffer: PixelBuffer) -> Bool {
        guard let context, buffer.width > 0, buffer.height > 0 else { return false }
        var size: [Int32] = [Int32(buffer.width), Int32(buffer.height)]
        var stride = buffer.stride
        let rc = size.withUnsafeMutableBufferPointer { sizePointer in
            withUnsafeMutablePointer(to: &stride) { stridePointer in
                "rgb0".withCString { format in
                    var params = [
                        mpv_render_param(type: MPV_RENDER_PARAM_SW_SIZE, data: UnsafeMutableRawPointer(sizePointer.baseAddress)),
                        mpv_render_param(type: MPV_RENDER_PARAM_SW_FORMAT, data: UnsafeMutableRawPointer(mutating: format)),
                        mpv_render_param(type: MPV_RENDER_PARAM_SW_STRIDE, data: UnsafeMutableRawPointer(stridePointer)),
                        mpv_render_param(type: MPV_RENDER_PARAM_SW_POINTER, data: buffer.base),
                        mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil),
                    ]
                    return mpv_render_context_render(context, &params)
                }
            }
        }
        return rc >= 0
    }

    /// Frees the context (`mpv_render_context_free`); safe to call twice.
    func free() {
        guard let context else { return }
        self.context = nil
        mpv_render_context_free(context)
    }
}

/// The render update callback: runs on an mpv thread, so it only writes one byte to the owner's
/// pipe (the context is the pipe's write end + 1). Never calls libmpv.
private func mpvRenderUpdate(_ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    var byte: UInt8 = 1
    _ = write(Int32(Int(bitPattern: context) - 1), &byte, 1)
}
