import Foundation
import Logging
import Synchronization

/// The demo media that is not committed but made with ffmpeg on first use: the stream shapes real
/// services serve (AES-128, byte ranges, HEVC 1080p, a separate audio rendition, a
/// discontinuity; see ``GeneratedMediaRecipe``).
///
/// Made once per machine into `$XDG_CACHE_HOME/eventplayer/demo-media/v<version>` (else
/// `~/.cache/…`, else the temporary directory). The server never waits for it: it lists these
/// events at once (when the folder is complete or ffmpeg is there to make it), starts making it
/// in the background, and a request for their media waits until it is made. Processes that start
/// together (tests, several `eventplayer`s) make it once: the first holds `<cache>/.lock`, the
/// others wait on it and then use its folder. It is made in a temporary folder and renamed into
/// place, so a process killed halfway leaves nothing half-made. Without ffmpeg (or when it fails)
/// the events that need this media are left out (or answer 503) with one log line. The Frigate
/// flavour's vod media is made the same way, in `frigate-v<frigateVersion>` next to it.
///
/// ```swift
/// let folder = GeneratedMedia.plannedFolder()   // where it is or will be; nil without ffmpeg
/// GeneratedMedia.startPreparing()                // in the background
/// let root = await GeneratedMedia.prepare()      // waits; nil when it could not be made
/// ```
public enum GeneratedMedia {
    /// Bump when ``GeneratedMediaRecipe`` changes what it makes.
    static let version = 2
    /// Bump when ``GeneratedMediaRecipe/makeFrigate()`` changes what it makes (its own folder,
    /// `frigate-v<n>`, so the events media is not made again for it).
    static let frigateVersion = 1
    /// Bump when ``GeneratedMediaRecipe/makeLiveFrames()`` changes what it makes (`frigate-live-v<n>`).
    static let liveVersion = 1
    private static let queue = DispatchQueue(label: "eventplayer.demo-media")
    private static let memo = Mutex<[Product: Result<URL, DemoBackendError>]>([:])

    /// A folder of generated media: the events flavour's (`v<version>`) or the Frigate flavour's vod
    /// media (`frigate-v<frigateVersion>`, made only when a Frigate server starts).
    enum Product: Sendable, Hashable {
        case events, frigate, live

        var folderName: String {
            switch self {
            case .events: "v\(GeneratedMedia.version)"
            case .frigate: "frigate-v\(GeneratedMedia.frigateVersion)"
            case .live: "frigate-live-v\(GeneratedMedia.liveVersion)"
            }
        }

        var needs: String {
            switch self {
            case .events: "the events with generated media (AES-128, byte ranges, HEVC, audio rendition, discontinuity) are left out"
            case .frigate: "the Frigate flavour's vod playlists and segments answer 503"
            case .live: "the Frigate flavour's live feed shows the still picture"
            }
        }

        func make(ffmpeg: String, output: URL) throws {
            switch self {
            case .events: try GeneratedMediaRecipe(ffmpeg: ffmpeg, output: output).make()
            case .frigate: try GeneratedMediaRecipe(ffmpeg: ffmpeg, output: output).makeFrigate()
            case .live: try GeneratedMediaRecipe(ffmpeg: ffmpeg, output: output).makeLiveFrames()
            }
        }
    }

    /// The folder the media is (or will be) in, answered at once without running ffmpeg: nil
    /// when it is not complete and ffmpeg is not on `PATH` (then it can never be made).
    public static func plannedFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        plannedFolder(root: cacheRoot(environment: environment))
    }

    static func plannedFolder(root: URL, ffmpeg: String = "ffmpeg", product: Product = .events) -> URL? {
        let final = folder(in: root, product)
        if isComplete(final) || GeneratedMediaRecipe.locate(ffmpeg) != nil { return final }
        return nil
    }

    /// Starts making the folder (if it is missing) on a queue of its own and returns at once.
    public static func startPreparing(environment: [String: String] = ProcessInfo.processInfo.environment) {
        whenPrepared(.events, environment: environment) { _ in }
    }

    /// ``startPreparing(environment:)`` for the Frigate flavour's vod media.
    static func startPreparingFrigate(environment: [String: String] = ProcessInfo.processInfo.environment) {
        whenPrepared(.frigate, environment: environment) { _ in }
        whenPrepared(.live, environment: environment) { _ in }
    }

    /// The Frigate flavour's vod media (``GeneratedMediaRecipe/makeFrigate()``), made if missing;
    /// `eventplayer demo-server --flavor frigate --make-media`.
    /// - Throws: ``DemoBackendError`` naming what is missing (ffmpeg) or what ffmpeg said.
    public static func makeFrigate(environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> URL {
        _ = try await make(.live, environment: environment)
        return try await make(.frigate, environment: environment)
    }

    /// The folder of generated media, made if missing; nil when it cannot be made. Runs ffmpeg
    /// on a queue of its own (never on Swift's cooperative pool); later calls in the process
    /// return the first call's answer.
    public static func prepare(environment: [String: String] = ProcessInfo.processInfo.environment) async -> URL? {
        try? await make(environment: environment)
    }

    /// ``prepare(environment:)`` for the Frigate flavour's vod media.
    static func prepareFrigate(environment: [String: String] = ProcessInfo.processInfo.environment) async -> URL? {
        try? await make(.frigate, environment: environment)
    }

    /// ``prepare(environment:)`` for the Frigate flavour's live pictures.
    static func prepareLive(environment: [String: String] = ProcessInfo.processInfo.environment) async -> URL? {
        try? await make(.live, environment: environment)
    }

    /// ``prepare(environment:)`` that says why it could not (`eventplayer demo-server --make-media`).
    /// - Throws: ``DemoBackendError`` naming what is missing (ffmpeg) or what ffmpeg said.
    public static func make(environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> URL {
        try await make(.events, environment: environment)
    }

    static func make(_ product: Product, environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> URL {
        if let known = memo.withLock({ $0[product] }) { return try known.get() }
        return try await withCheckedContinuation { continuation in
            whenPrepared(product, environment: environment) { continuation.resume(returning: $0) }
        }.get()
    }

    private static func whenPrepared(_ product: Product, environment: [String: String],
                                     _ done: @escaping @Sendable (Result<URL, DemoBackendError>) -> Void) {
        queue.async {
            if let known = memo.withLock({ $0[product] }) { return done(known) }
            let made = prepareResult(root: cacheRoot(environment: environment), product: product)
            memo.withLock { $0[product] = made }
            done(made)
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

    /// Returns `<root>/v<version>`, generating it first when missing. Holds `<root>/.lock` while
    /// it looks and makes, so concurrent processes make it once.
    static func prepareBlocking(root: URL, ffmpeg: String = "ffmpeg", product: Product = .events) -> URL? {
        try? prepareResult(root: root, ffmpeg: ffmpeg, product: product).get()
    }

    private static func prepareResult(root: URL, ffmpeg: String = "ffmpeg", product: Product) -> Result<URL, DemoBackendError> {
        let logger = Logger(label: "eventplayer.demo-backend")
        let final = folder(in: root, product)
        if isComplete(final) { return .success(final) }
        guard let executable = GeneratedMediaRecipe.locate(ffmpeg) else {
            let message = "demo backend: ffmpeg is not on PATH, so \(product.needs); install ffmpeg to have them"
            logger.warning("\(message)")
            return .failure(DemoBackendError(.mediaUnavailable, message))
        }
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // Released when closed (at return, or by the kernel if this process dies).
        let lock = open(root.appending(path: ".lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        defer { if lock >= 0 { close(lock) } }
        if lock >= 0 {
            while flock(lock, LOCK_EX) != 0 && errno == EINTR {}
        }
        // Another process may have made it while this one waited.
        if isComplete(final) { return .success(final) }
        let work = root.appending(path: ".\(product.folderName)-\(UUID().uuidString)", directoryHint: .isDirectory)
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            let started = ContinuousClock.now
            try product.make(ffmpeg: executable, output: work)
            try Data().write(to: work.appending(path: GeneratedMediaRecipe.doneMarker))
            if Foundation.rename(work.path, final.path) != 0 {
                // A folder is already there (a process without the lock won a race): use it when complete.
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: work)
                guard isComplete(final) else {
                    let message = "demo backend: cannot move the generated media to \(final.path): \(reason)"
                    logger.warning("\(message)")
                    return .failure(DemoBackendError(.mediaUnavailable, message))
                }
            }
            logger.info("demo backend: generated demo media in \(final.path) (\(ContinuousClock.now - started))")
            return .success(final)
        } catch {
            try? FileManager.default.removeItem(at: work)
            let message = "demo backend: cannot make the demo media in \(root.path) (\(error)); the events that need it answer 503"
            logger.warning("\(message)")
            return .failure(DemoBackendError(.mediaUnavailable, message))
        }
    }

    private static func folder(in root: URL, _ product: Product = .events) -> URL {
        root.appending(path: product.folderName, directoryHint: .isDirectory)
    }

    private static func isComplete(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appending(path: GeneratedMediaRecipe.doneMarker).path)
    }
}
