import Foundation

/// Finds the `Resources` directory (the one holding `demo/catalog.json`).
///
/// Order: the configured directory; `$EVENTPLAYER_RESOURCES`; next to the executable
/// (`<exe dir>/../share/eventplayer`, `<exe dir>/Resources`); the repository's `Resources/`
/// found from this file's `#filePath`. The error names every place it looked.
enum ResourceLocator {
    static let marker = "demo/catalog.json"
    /// This file's path at build time (a `#filePath` default argument would be the caller's).
    static let thisFile: String = #filePath

    static func locate(
        configured: URL?,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = Bundle.main.executableURL,
        sourceFile: String = ResourceLocator.thisFile
    ) throws -> URL {
        var candidates: [(URL, String)] = []
        if let configured {
            // An explicit choice is not second-guessed: it must be right.
            candidates = [(configured, "DemoConfiguration.resourcesDirectory")]
        } else {
            if let env = environment["EVENTPLAYER_RESOURCES"], !env.isEmpty {
                candidates.append((URL(fileURLWithPath: env, isDirectory: true), "$EVENTPLAYER_RESOURCES"))
            }
            if let executable {
                let dir = executable.resolvingSymlinksInPath().deletingLastPathComponent()
                candidates.append((dir.appendingPathComponent("../share/eventplayer").standardizedFileURL, "next to the executable"))
                candidates.append((dir.appendingPathComponent("Resources"), "next to the executable"))
            }
            // <repo>/Sources/DemoBackend/Resources/ResourceLocator.swift -> <repo>/Resources
            let repo = URL(fileURLWithPath: sourceFile)
                .deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
            candidates.append((repo.appendingPathComponent("Resources"), "the source checkout"))
        }
        for (url, _) in candidates where FileManager.default.fileExists(atPath: url.appendingPathComponent(marker).path) {
            return url
        }
        let looked = candidates.map { "  \($0.0.path) (\($0.1))" }.joined(separator: "\n")
        throw DemoBackendError(
            .resourcesNotFound,
            """
            demo backend: cannot find its resources (\(marker)). Looked in:
            \(looked)
            Set EVENTPLAYER_RESOURCES to the directory holding demo/catalog.json (the repository's Resources/).
            """
        )
    }
}
