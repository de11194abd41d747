internal import CMPV
import Foundation
import SystemSupport

/// One mpv handle, for one playback: created with its options, observed properties and log
/// level, initialised, and destroyed (render context first). The only type that holds an
/// `mpv_handle*`; every call into libmpv goes through this folder.
final class MPVHandle {
    let playbackID: PlaybackID
    private(set) var raw: OpaquePointer?
    /// The seam for terminal video (#7): a software render context created on this handle after
    /// `mpv_initialize` (with `vo=libmpv`). `destroy()` frees it before `mpv_terminate_destroy`.
    var renderContext: (any MPVRenderContextSeam)?
    /// A file only this handle reads (a trimmed fMP4 playlist): removed once the handle is gone.
    var ownedFile: URL?

    /// Creates and initialises a handle; on any failure the half-made handle is destroyed.
    init(playbackID: PlaybackID, options: [MPVOption], logLevel: String, wakeupDescriptor: Int32) throws {
        try MPVLibrary.load()     // mapped on first use; a clear error when it is missing
        FFmpegLogAnchor.ensure()  // before any handle of ours, so ours is never ffmpeg's log owner
        guard let raw = mpv_create() else { throw PlayerError(.mpv("create a handle", "mpv_create returned NULL")) }
        self.playbackID = playbackID
        self.raw = raw
        do {
            for option in options {
                let rc = mpv_set_option_string(raw, option.name, option.value)
                guard rc >= 0 else {
                    throw PlayerError.invalidOption(Redactor.shared.redact(option.description), reason: Self.errorString(rc))
                }
            }
            let context = UnsafeMutableRawPointer(bitPattern: Int(wakeupDescriptor) + 1)
            mpv_set_wakeup_callback(raw, mpvWakeup, context)
            try check(mpv_request_log_messages(raw, logLevel), "request log messages at level \(logLevel)")
            for property in ObservedProperty.allCases {
                try check(mpv_observe_property(raw, property.rawValue, property.name, property.format.mpv), "observe \(property.name)")
            }
            try check(mpv_initialize(raw), "initialize")
        } catch {
            destroy()
            throw error
        }
    }

    deinit { destroy() }

    /// Frees the render context (if any), then the handle: `mpv_terminate_destroy` waits for
    /// mpv's threads to exit, so none is left behind. Safe to call twice.
    func destroy() {
        renderContext?.free()
        renderContext = nil
        guard let raw else { return }
        self.raw = nil
        mpv_terminate_destroy(raw)
        if let ownedFile { try? FileManager.default.removeItem(at: ownedFile) }
    }

    /// Hands the handle to `destroyer` and returns at once (the owner's thread never waits for
    /// mpv's threads). The wakeup callback is cleared first (mpv calls it under a lock that this
    /// takes, so none runs afterwards and the owner's pipe is never written again); from here on
    /// every method of this object is a no-op, so no mpv call reaches the retired handle.
    func retire(to destroyer: HandleDestroyer) {
        guard let raw else { return }
        self.raw = nil
        mpv_set_wakeup_callback(raw, nil, nil)
        let render = renderContext
        renderContext = nil
        destroyer.destroy(RetiredHandle(raw: raw, renderContext: render, ownedFile: ownedFile))
    }

    /// Runs a command asynchronously (the reply event carries this playback's id).
    func command(_ arguments: [String]) {
        _ = commandAsync(arguments, userdata: UInt64(playbackID.rawValue))
    }

    /// `mpv_command_async` with `userdata` as the reply's `reply_userdata`; false when mpv did not
    /// queue it (or the handle is retired).
    func commandAsync(_ arguments: [String], userdata: UInt64) -> Bool {
        guard let raw else { return false }
        let strings = arguments.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        var pointers: [UnsafePointer<CChar>?] = strings.map { $0.map { UnsafePointer($0) } } + [nil]
        return pointers.withUnsafeMutableBufferPointer {
            mpv_command_async(raw, userdata, $0.baseAddress)
        } >= 0
    }

    /// Sets a flag property asynchronously.
    func set(_ name: String, flag: Bool) {
        guard let raw else { return }
        var value: Int32 = flag ? 1 : 0
        _ = mpv_set_property_async(raw, UInt64(playbackID.rawValue), name, MPV_FORMAT_FLAG, &value)
    }

    /// Sets a double property asynchronously.
    func set(_ name: String, double: Double) {
        guard let raw else { return }
        var value = double
        _ = mpv_set_property_async(raw, UInt64(playbackID.rawValue), name, MPV_FORMAT_DOUBLE, &value)
    }

    /// The next pending event, decoded; nil when the queue is empty (never blocks).
    func nextEvent() -> MPVEvent? {
        guard let raw, let event = mpv_wait_event(raw, 0) else { return nil }
        return MPVEventDecoder.decode(event.pointee, playbackID: playbackID)
    }

    private func check(_ rc: Int32, _ step: String) throws {
        guard rc >= 0 else { throw PlayerError(.mpv(step, Self.errorString(rc))) }
    }

    static func errorString(_ rc: Int32) -> String { String(cString: mpv_error_string(rc)) }
}

/// The wakeup callback: runs on an mpv thread, so it only writes one byte to the owner's pipe
/// (the context is the pipe's write end + 1). Never calls libmpv.
private func mpvWakeup(_ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    SelfPipe.write(1, to: Int32(Int(bitPattern: context) - 1))
}

extension ObservedProperty.Format {
    var mpv: mpv_format {
        switch self {
        case .flag: MPV_FORMAT_FLAG
        case .double: MPV_FORMAT_DOUBLE
        case .int64: MPV_FORMAT_INT64
        case .node: MPV_FORMAT_NODE
        }
    }
}

// MARK: - Synchronous properties

extension MPVHandle {
    /// Reads a double property synchronously (nil when unavailable, e.g. before the first frame).
    /// Only from the owner's thread, never from a callback.
    func double(_ name: String) -> Double? {
        guard let raw else { return nil }
        var value = 0.0
        return mpv_get_property(raw, name, MPV_FORMAT_DOUBLE, &value) >= 0 ? value : nil
    }

    /// Sets a string property (synchronously; mpv applies option changes on its own threads).
    func set(_ name: String, string: String) {
        guard let raw else { return }
        _ = mpv_set_property_string(raw, name, string)
    }
}

// MARK: - Tagged commands

/// Commands whose reply the player waits for itself (a screenshot): their `reply_userdata` carries
/// a tag bit and a request number instead of the playback id, so the decoder can tell them apart.
extension MPVHandle {
    /// The bit that marks a tagged request (playback ids never get near it).
    static let tagBit: UInt64 = 1 << 62

    /// True for the `reply_userdata` of a command sent with ``command(_:tag:)``.
    static func isTagged(_ userdata: UInt64) -> Bool { userdata & tagBit != 0 }

    /// Runs a command asynchronously; its reply arrives as `.taggedReply(tag:error:)` with
    /// `tag | tagBit`. False when mpv refused to queue it (or the handle is retired).
    func command(_ arguments: [String], tag: UInt64) -> Bool {
        commandAsync(arguments, userdata: tag | Self.tagBit)
    }
}
