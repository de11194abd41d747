internal import CMPV

/// libmpv, mapped when the first playback or still needs it (CMPV's loader: eventplayer is not
/// linked against it). Commands that play nothing never load it; a missing or incompatible libmpv
/// is a ``PlayerError`` that says what to install, raised where playback is asked for.
///
/// ```swift
/// try MPVLibrary.load()          // before the first mpv_create; cheap once loaded
/// print(MPVLibrary.loadedPath)   // "/lib/x86_64-linux-gnu/libmpv.so.2"
/// ```
public enum MPVLibrary {
    /// The environment variable that names the library to load instead of libmpv.so.2
    /// (a path or a soname); a name that cannot be loaded makes playback unavailable.
    public static let environmentVariable = "EVENTPLAYER_LIBMPV"

    /// Loads libmpv (the first call does the work; later calls repeat its answer).
    public static func load() throws(PlayerError) {
        if case .failure(let error) = outcome { throw error }
    }

    /// True when libmpv is (or can be) loaded.
    public static var isAvailable: Bool { (try? load()) != nil }

    /// The file libmpv was loaded from, nil before a successful ``load()``.
    public static var loadedPath: String? {
        eventplayer_mpv_loaded_path().map { String(cString: $0) }
    }

    private static let outcome: Result<Void, PlayerError> = {
        var reason = [CChar](repeating: 0, count: 512)
        guard eventplayer_mpv_load(&reason, reason.count) != 0 else {
            DecoderMemory.bound()   // before the first handle's threads take arenas
            return .success(())
        }
        let text = reason.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return .failure(PlayerError(.libmpvUnavailable(text)))
    }()
}

// MARK: - Versions, for bug reports

extension MPVLibrary {
    /// What a bug report names: the libmpv file, mpv's and ffmpeg's versions.
    public struct Versions: Sendable, Equatable {
        /// The file libmpv was loaded from.
        public let path: String
        /// mpv's `mpv-version`, e.g. "mpv 0.35.1".
        public let mpv: String
        /// mpv's `ffmpeg-version`, e.g. "5.1.6-0+deb12u1".
        public let ffmpeg: String
        /// The client API version libmpv speaks, e.g. "2.1".
        public let clientAPI: String
    }

    /// Loads libmpv and asks an idle instance (``FFmpegLogAnchor/options``: no config, no
    /// output, no scripts) for its versions.
    public static func versions() throws(PlayerError) -> Versions {
        try load()
        guard let handle = mpv_create() else { throw PlayerError(.mpv("create a handle", "mpv_create returned NULL")) }
        defer { mpv_terminate_destroy(handle) }
        for (name, value) in FFmpegLogAnchor.options { _ = mpv_set_option_string(handle, name, value) }
        let rc = mpv_initialize(handle)
        guard rc >= 0 else { throw PlayerError(.mpv("initialize", MPVHandle.errorString(rc))) }
        func property(_ name: String) -> String {
            guard let value = mpv_get_property_string(handle, name) else { return "unknown" }
            defer { mpv_free(value) }
            return String(cString: value)
        }
        let api = mpv_client_api_version()
        return Versions(path: loadedPath ?? "unknown", mpv: property("mpv-version"), ffmpeg: property("ffmpeg-version"),
                        clientAPI: "\(api >> 16).\(api & 0xffff)")
    }
}
