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
