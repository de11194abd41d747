import Foundation
import Logging
import Synchronization

/// The demo media that is not committed but made with ffmpeg on first use: the stream shapes real
/// services serve (AES-128, byte ranges, HEVC 1080p, a separate audio rendition, a
/// discontinuity; see ``GeneratedMediaRecipe``).
///
/// Made once per machine into `$XDG_CACHE_HOME/eventplayer/demo-media/v<version>` (else
/// `~/.cache/…`, else the temporary directory): generated in a temporary folder next to it and
/// renamed into place, so parallel processes (tests) never see a half-made folder; the loser of a
/// race throws its copy away. Without ffmpeg (or when it fails) the events that need this media
/// are left out of the catalog with one log line.
///
/// ```swift
/// let root = await GeneratedMedia.prepare()   // nil without ffmpeg
/// ```
public enum GeneratedMedia {
    /// Bump when ``GeneratedMediaRecipe`` changes what it makes.
    static let version = 1
    private static let queue = DispatchQueue(label: "eventplayer.demo-media")
    private static let memo = Mutex<URL??>(nil)

    /// The folder of generated media, made if missing; nil when it cannot be made. Runs ffmpeg
    /// on a queue of its own (never on Swift's cooperative pool); later calls in the process
    /// return the first call's answer.
    public static func prepare(environment: [String: String] = ProcessInfo.processInfo.environment) async -> URL? {
        if let known = memo.withLock({ $0 }) { return known }
        return await withCheckedContinuation { continuation in
            queue.async {
                if let known = memo.withLock({ $0 }) { return continuation.resume(returning: known) }
                let made = prepareBlocking(root: cacheRoot(environment: environment))
                memo.withLock { $0 = .some(made) }
                continuation.resume(returning: made)
            }
        }
    }

    /// `<cache>/eventplayer/demo-media`.
    static func cacheRoot(environment: [String: String]) -> URL {
        let base: URL
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = URL(fileURLWithPath: home, isDirectory: true).appending(path: ".cache")
        } else {
            base = FileManager.default.temporaryDirectory
        }
        return base.appending(path: "eventplayer/demo-media", directoryHint: .isDirectory)
    }

    /// Returns `<root>/v<version>`, generating it first when missing.
    static func prepareBlocking(root: URL, ffmpeg: String = "ffmpeg") -> URL? {
        let logger = Logger(label: "eventplayer.demo-backend")
        let final = root.appending(path: "v\(version)", directoryHint: .isDirectory)
        if FileManager.default.fileExists(atPath: final.appending(path: GeneratedMediaRecipe.doneMarker).path) { return final }
        guard let executable = GeneratedMediaRecipe.locate(ffmpeg) else {
            logger.warning("demo backend: ffmpeg not found; the events with generated media (AES-128, byte ranges, HEVC, audio rendition, discontinuity) are left out")
            return nil
        }
        let work = root.appending(path: ".v\(version)-\(UUID().uuidString)", directoryHint: .isDirectory)
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            let started = ContinuousClock.now
            try GeneratedMediaRecipe(ffmpeg: executable, output: work).make()
            FileManager.default.createFile(atPath: work.appending(path: GeneratedMediaRecipe.doneMarker).path, contents: Data())
            if Foundation.rename(work.path, final.path) != 0 {
                // Another process won the race (its folder is complete): use that one.
                try? FileManager.default.removeItem(at: work)
                guard FileManager.default.fileExists(atPath: final.appending(path: GeneratedMediaRecipe.doneMarker).path) else {
                    logger.warning("demo backend: cannot move the generated media to \(final.path): \(String(cString: strerror(errno)))")
                    return nil
                }
            }
            logger.info("demo backend: generated demo media in \(final.path) (\(ContinuousClock.now - started))")
            return final
        } catch {
            try? FileManager.default.removeItem(at: work)
            logger.warning("demo backend: cannot generate demo media (\(error)); the events that need it are left out")
            return nil
        }
    }
}
