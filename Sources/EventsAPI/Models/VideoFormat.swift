/// What an event's ``Event/videoUrl`` answers.
///
/// ```swift
/// if event.videoFormat == .file { /* one MP4: range requests, no playlist to rewrite */ }
/// ```
public enum VideoFormat: String, Sendable, Hashable {
    /// An HLS playlist (the events service, Frigate's nginx-vod).
    case hls
    /// One video file, read with range requests (ZoneMinder's MP4 of an event).
    case file
}
