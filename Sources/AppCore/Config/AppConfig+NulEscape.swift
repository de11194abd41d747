extension AppConfig {
    /// Refuses a `\u0000` or `\U00000000` escape (NUL) in the file: the TOML reader ends the string
    /// there and silently drops the rest (a header value `"a\u0000b"` would be sent as `a`), and no
    /// key of the file can hold a NUL anyway. `\\u0000` (an escaped backslash) is text, not an escape.
    ///
    /// ```swift
    /// try AppConfig.parse("[headers.all]\nX-A = \"a\\u0000b\"")
    /// // config.toml:2: a \u0000 escape (NUL) cannot be used in a value: remove it
    /// ```
    static func refuseNulEscapes(_ text: String, file: String) throws {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let scalars = Array(line.unicodeScalars)
            var backslashes = 0
            for (position, scalar) in scalars.enumerated() {
                if scalar == "\\" { backslashes += 1; continue }
                defer { backslashes = 0 }
                guard backslashes % 2 == 1 else { continue }
                let rest = String(String.UnicodeScalarView(scalars[position...].prefix(9)))
                if rest.hasPrefix("u0000") || rest.hasPrefix("U00000000") {
                    let escape = rest.hasPrefix("u") ? "\\u0000" : "\\U00000000"
                    throw ConfigError(file: file, line: index + 1, "a \(escape) escape (NUL) cannot be used in a value: remove it")
                }
            }
        }
    }
}
