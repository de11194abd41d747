/// A network setting in the config file that cannot be used.
///
/// ```swift
/// catch let error as NetworkConfigurationError { print("config.toml: \(error)") }
/// ```
public struct NetworkConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Names the table and key, and what is wrong.
    public var message: String

    public var description: String { message }
}
