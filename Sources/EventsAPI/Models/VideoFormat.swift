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
    /// An endless feed of JPEG pictures (`multipart/x-mixed-replace`: Frigate's `GET /api/<camera>`,
    /// ZoneMinder's `nph-zms?mode=jpeg`): a camera live (``EventBackend/live(camera:quality:)``), no
    /// seeking, no end, drawn as it arrives.
    case liveFeed
}
