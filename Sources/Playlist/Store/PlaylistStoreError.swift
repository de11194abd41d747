/// A private playlist file could not be made, written or renamed.
///
/// ```swift
/// do { _ = try store.write(data, playback: id) } catch { print(error) }  // cannot create /run/user/...: No space left on device
/// ```
public struct PlaylistStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    /// The error thrown by the producer of a streamed write, if that is what failed.
    public let underlying: (any Error)?

    init(_ description: String, underlying: (any Error)? = nil) {
        self.description = description
        self.underlying = underlying
    }

    public static func == (lhs: PlaylistStoreError, rhs: PlaylistStoreError) -> Bool { lhs.description == rhs.description }
}
