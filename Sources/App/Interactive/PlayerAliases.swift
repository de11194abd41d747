import Player

// Player's model types under names that do not clash with TUI's (both modules have
// `LoadState`, `FinishReason` and `PlayerSnapshot`); files that import TUI use these.
typealias MPVPlaybackState = PlaybackState
typealias MPVLoadState = LoadState
typealias MPVFinishReason = FinishReason
typealias MPVProgress = PlaybackProgress
typealias MPVUpdate = PlayerUpdate
