/// An export could not be done; one sentence a user can act on.
///
/// ```swift
/// throw ExportError("Garage_2026-11-20_14-02-05.ts exists: pass --force to overwrite it")
/// ```
public struct ExportError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
