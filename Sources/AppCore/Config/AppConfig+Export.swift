import Foundation

extension AppConfig {
    /// Where exports go when no `-o` is given: `export-dir` from the config file (`~/` is the home
    /// directory, a relative path is relative to the current directory), else the current
    /// directory, as `eventplayer export` has always done. The directory may not exist yet.
    ///
    /// ```swift
    /// // export-dir = "~/Videos/eventplayer"
    /// config.exportDirectory(home: URL(filePath: "/home/u")).path   // "/home/u/Videos/eventplayer"
    /// ```
    public func exportDirectory(currentDirectory: URL = URL(filePath: FileManager.default.currentDirectoryPath),
                                home: URL = FileManager.default.homeDirectoryForCurrentUser) -> URL {
        guard let exportDir, !exportDir.isEmpty else { return currentDirectory }
        if exportDir == "~" { return home }
        if exportDir.hasPrefix("~/") { return home.appending(path: String(exportDir.dropFirst(2))) }
        if exportDir.hasPrefix("/") { return URL(filePath: exportDir) }
        return currentDirectory.appending(path: exportDir)
    }
}

extension AppConfig {
    /// ``exportDirectory(currentDirectory:home:)``, created when missing.
    /// - Throws: ``ExportError`` naming the directory and the config key.
    public func createdExportDirectory() throws -> URL {
        let directory = exportDirectory()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ExportError("cannot create the export directory \(directory.path) (check export-dir in config.toml)")
        }
        return directory
    }
}
