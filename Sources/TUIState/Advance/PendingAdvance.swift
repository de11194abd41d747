/// `>` (or auto-advance) at the last loaded row while the server has more pages: the event the
/// next one follows, kept until the next page arrives. A refresh (new fetch generation) or another
/// playback started meanwhile drops it.
///
/// ```swift
/// state.pendingAdvance = PendingAdvance(anchorID: "evt-9", generation: state.fetchGeneration,
///                                       playbackID: state.lastPlaybackID)
/// ```
struct PendingAdvance: Sendable, Equatable {
    /// The event the next one follows.
    var anchorID: String
    /// The fetch generation the page belongs to.
    var generation: Int
    /// The last playback started when `>` was pressed.
    var playbackID: Int
}
