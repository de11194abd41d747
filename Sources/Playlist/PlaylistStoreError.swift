/// A private playlist file could not be made, written or renamed.
///
/// ```swift
/// do { _ = try store.write(data, playback: id) } catch { print(error) }  // cannot create /run/user/...: No space left on device
/// ```
public struct PlaylistStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
