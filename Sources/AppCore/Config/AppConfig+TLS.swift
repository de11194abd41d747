import Foundation

extension AppConfig {
    /// The CA file requests trust besides the system's roots: `--ca-file` when given, else
    /// `ca-file` from the config file; `~/` is the home folder, a relative path is relative to the
    /// current directory (as for `export-dir`). Nil: none.
    ///
    /// ```swift
    /// config.caFilePath(flag: nil, home: URL(filePath: "/home/u"))   // "/home/u/ca.pem" with ca-file = "~/ca.pem"
    /// ```
    public func caFilePath(flag: String?, currentDirectory: URL = URL(filePath: FileManager.default.currentDirectoryPath),
                           home: URL = FileManager.default.homeDirectoryForCurrentUser) -> String? {
        guard let path = flag ?? caFile, !path.isEmpty else { return nil }
        if path == "~" { return home.path }
        if path.hasPrefix("~/") { return home.appending(path: String(path.dropFirst(2))).path }
        if path.hasPrefix("/") { return path }
        return currentDirectory.appending(path: path).path
    }

    /// The line of `ca-file` in the file, for a message about the file it names.
    var caFileLine: Int? { lines.line(of: ["ca-file"]) }
}
