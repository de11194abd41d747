/// A failure to start the demo backend, with a message a user can act on.
///
/// ```swift
/// do { _ = try await DemoServer.start() }
/// catch let error as DemoBackendError { print(error) }  // e.g. names every place it looked for resources
/// ```
public struct DemoBackendError: Error, CustomStringConvertible, Sendable {
    enum Kind: Sendable {
        case resourcesNotFound
        case invalidCatalog
        case startFailed
        /// The generated demo media could not be made (no ffmpeg, or ffmpeg failed).
        case mediaUnavailable
    }

    let kind: Kind
    /// What went wrong and what to do about it.
    public let message: String

    /// The resources directory could not be found (the message lists where it looked).
    public var isResourcesNotFound: Bool { kind == .resourcesNotFound }

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
