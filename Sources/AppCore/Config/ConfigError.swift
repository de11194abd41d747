/// A config file that cannot be used. Names the file and, when the problem is one key, its line,
/// what is allowed and what was found:
///
/// ```swift
/// do { _ = try AppConfig.parse("[network]\nretries = 100000\n", file: "config.toml") }
/// catch let error as ConfigError {
///     print(error)   // config.toml:2: [network] retries must be a whole number from 0 to 999 (got 100000)
/// }
/// ```
/// The command line treats it as a usage error (exit status 2): the user's input needs fixing.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The config file's path.
    public let file: String?
    /// The 1-based line of the key at fault, when known.
    public let line: Int?
    /// What is wrong: the key, the allowed values and the value found.
    public let message: String

    public init(file: String?, line: Int?, _ message: String) {
        self.file = file
        self.line = line
        self.message = Self.capped(message)
    }

    /// The longest word a message quotes whole: a key or value pasted by mistake (a megabyte
    /// of it) is shown by its first characters and its length.
    static let longestWord = 80

    /// `message` with every word longer than ``longestWord`` cut: `aaaa…` (1000000 characters).
    static func capped(_ message: String) -> String {
        guard message.count > longestWord else { return message }
        return message.split(separator: " ", omittingEmptySubsequences: false).map { word in
            word.count > longestWord ? "\(word.prefix(longestWord / 2))… (\(word.count) characters)" : String(word)
        }.joined(separator: " ")
    }

    /// A problem with the file as a whole (it does not exist, is not UTF-8...).
    init(_ message: String) {
        self.init(file: nil, line: nil, message)
    }

    public var description: String {
        switch (file, line) {
        case (let file?, let line?): "\(file):\(line): \(message)"
        case (let file?, nil): "\(file): \(message)"
        default: message
        }
    }
}
