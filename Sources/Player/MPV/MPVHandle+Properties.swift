internal import CMPV

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
