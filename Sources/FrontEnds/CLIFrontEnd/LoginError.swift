/// Why `eventplayer login` could not sign in before asking the server (no server, no input).
public struct LoginError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
