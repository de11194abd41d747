import SystemSupport

/// A `--header` flag that cannot be read. The flag is shown with its control characters escaped
/// (a value with a line break is one of the problems).
///
/// ```swift
/// do { try configuration.addHeader(flag: "X-Foo") }
/// catch let error as HeaderFlagError { print(error) }   // --header "X-Foo": it has no ':'; write ...
/// ```
public struct HeaderFlagError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The flag as given.
    public var flag: String
    /// What is wrong with it.
    public var problem: String

    public var description: String {
        let kinds = HTTPRequestKind.allCases.map(\.rawValue).joined(separator: ", ")
        return "--header \"\(TerminalText.printable(flag))\": \(TerminalText.printable(problem)); write \"Name: value\" for every request or "
            + "\"kind:Name: value\" for one kind (kinds: \(kinds))"
    }
}
