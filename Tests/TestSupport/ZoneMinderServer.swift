import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Glibc
import Synchronization

/// A real ZoneMinder 1.36 (Debian 12's packages: MariaDB, Apache, the zm daemons, three monitors
/// fed by ffmpeg test patterns) started once per test process by `scripts/zoneminder/start`, for the
/// tests of the ZoneMinder backend. scripts/zoneminder/README.md says what it runs and how it
/// answers.
///
/// The fields are those of the one line of JSON start prints. Each test process gets a new state
/// directory (`/tmp/eventplayer-zm-<pid>`), so a new, empty database; the first event of monitor
/// 1 has finished when ``shared()`` returns. An `atexit` hook runs `scripts/zoneminder/stop` when
/// the process exits, then removes the state directory.
///
/// It needs root (start installs packages and starts daemons as mysql and www-data), and there
/// is one per machine: run the suites that use it in a stage of their own (`make test-zoneminder`).
///
/// ```swift
/// let zm = try await ZoneMinderServer.shared()
/// let ids = try await zm.waitForFinishedEvents(2, monitor: 1, timeout: 60)
/// ```
public struct ZoneMinderServer: Sendable, Decodable {
    /// One of the server's monitors.
    public struct Monitor: Sendable, Decodable, Equatable {
        public let id: Int
        public let name: String
    }

    /// ZoneMinder's web root, e.g. `http://127.0.0.1:18080/zm` (the API is under `api/`).
    public let url: URL
    /// The port Apache listens on (127.0.0.1).
    public let port: Int
    /// The user the tests sign in as (API on, View on events and monitors).
    public let user: String
    public let password: String
    /// ZoneMinder's `admin` user (API switched on).
    public let adminUser: String
    public let adminPassword: String
    /// Front door (1, 640x360 at 10 fps) and Back yard (2, 320x240 at 5 fps), which record (Record,
    /// 10 s sections), and Driveway (3, 320x240 at 5 fps), which detects motion (Modect: an event a
    /// crossing of its white square, every 20 s, with scored alarm frames).
    public let monitors: [Monitor]
    /// The id of the first finished event of monitor 1, which start waited for.
    public let firstEventId: Int
    /// The id of the first finished event of monitor 3 with alarm frames, which start waited for.
    public let firstAlarmEventId: Int
    /// How long start took, in seconds.
    public let seconds: Double
    /// The state directory (database, events, logs) given to start.
    public let stateDir: String
    /// Debian's version of the zoneminder package, e.g. `1.36.33+dfsg1-1`.
    public let zoneminderPackage: String

    /// ``url`` as text, as `--server` takes it.
    public var server: String { url.absoluteString }

    /// Something went wrong starting or asking the server: `step` says what was being done.
    public struct Failure: Error, CustomStringConvertible {
        public let step: String
        public let details: String
        public var description: String { details.isEmpty ? step : "\(step):\n\(details)" }
    }

    // MARK: - Starting it once per process

    /// The server of this test process: the first caller starts it (from about 20 s with the
    /// packages installed to about a minute without), later ones await the same start. A failed
    /// start is not tried again: every caller gets the same error.
    public static func shared() async throws -> ZoneMinderServer {
        try await starting.value
    }

    private static let starting = Task { try await start(stateDir: "/tmp/eventplayer-zm-\(getpid())") }

    /// `scripts/zoneminder`, found from this file (Tests/TestSupport/ → ../../scripts/zoneminder).
    static let scripts: URL = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "scripts/zoneminder")

    /// Where start records the state directory that runs (one ZoneMinder per machine).
    static let ownerFile = "/run/eventplayer-zoneminder.state_dir"

    /// The server's time zone (``start(stateDir:)`` starts it in this one; CI machines run in UTC).
    public static let timeZone = "America/New_York"

    static func start(stateDir: String) async throws -> ZoneMinderServer {
        guard getuid() == 0 else {
            throw Failure(step: "the ZoneMinder tests need root: they install Debian's zoneminder packages and start MariaDB and Apache",
                          details: "")
        }
        let startScript = scripts.appending(path: "start").path
        let stopScript = scripts.appending(path: "stop").path
        guard FileManager.default.isExecutableFile(atPath: startScript) else {
            throw Failure(step: "finding scripts/zoneminder/start", details: "\(startScript) is not an executable file")
        }
        return try await Tmux.offPool {
            stopLeftovers(of: stateDir, stop: stopScript)
            do {
                try FileManager.default.createDirectory(atPath: stateDir, withIntermediateDirectories: true)
            } catch {
                throw Failure(step: "creating the state directory \(stateDir)", details: "\(error)")
            }
            // The server keeps its times in New York's local time (MariaDB's and ZoneMinder's zone),
            // not this machine's: a client that read them as its own would be hours off.
            setenv("ZM_SERVER_TZ", Self.timeZone, 1)
            // From here on something may run: stop it when the process exits.
            exitStop.withLock { $0 = ExitStop(stop: stopScript, stateDir: stateDir) }
            atexit { ZoneMinderServer.stopAtExit() }

            let stdout = stateDir + "/start.stdout"
            let stderr = stateDir + "/start.stderr"
            let status: Int32
            do {
                status = try run(startScript, [stateDir], stdout: stdout, stderr: stderr)
            } catch {
                throw Failure(step: "running \(startScript) \(stateDir)", details: "\(error)")
            }
            guard status == 0 else {
                exitStop.withLock { $0?.keepStateDir = true }
                throw Failure(step: "\(startScript) \(stateDir) exited with status \(status) (the state directory is kept for its logs)",
                              details: "last lines of \(stderr):\n" + lastLines(of: stderr))
            }
            let output = (try? String(contentsOfFile: stdout, encoding: .utf8)) ?? ""
            let json = output.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
            do {
                return try JSONDecoder().decode(ZoneMinderServer.self, from: Data(json.utf8))
            } catch {
                throw Failure(step: "reading the JSON \(startScript) printed",
                              details: "\(error)\nstdout: \(output)\nlast lines of \(stderr):\n" + lastLines(of: stderr))
            }
        }
    }

    /// A test process killed before its exit hook ran leaves its ZoneMinder running, and start
    /// refuses a second state directory while one runs: stop the one a dead test process started,
    /// and any earlier state directory with this process's pid (a reused pid).
    static func stopLeftovers(of stateDir: String, stop: String) {
        let prefix = "/tmp/eventplayer-zm-"
        if let owner = try? String(contentsOfFile: ownerFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines),
           owner != stateDir, owner.hasPrefix(prefix), let pid = pid_t(owner.dropFirst(prefix.count)),
           kill(pid, 0) != 0, errno == ESRCH, FileManager.default.fileExists(atPath: owner) {
            if (try? run(stop, [owner], stdout: "/dev/null", stderr: "/dev/null")) == 0 {
                try? FileManager.default.removeItem(atPath: owner)
            }
        }
        if FileManager.default.fileExists(atPath: stateDir) {
            _ = try? run(stop, [stateDir], stdout: "/dev/null", stderr: "/dev/null")
            try? FileManager.default.removeItem(atPath: stateDir)
        }
    }

    /// Runs `executable` with stdin from /dev/null, stdout and stderr appended to files, and waits
    /// for it (waitpid). Blocks: call it off the pool. Answers the exit status, -1 if it was killed.
    ///
    /// posix_spawn, not Foundation's Process: Process learns that its child ended when a socket it
    /// hands the child reaches its end, and the daemons start leaves running (mariadbd, Apache,
    /// the stream loops) inherit and keep that socket, so waitUntilExit never returned. Here the
    /// child gets no descriptor but 0, 1 and 2 (closefrom), so the daemons keep none of this
    /// process's sockets or pipes either.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], stdout: String, stderr: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        if stderr == stdout {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        }
        guard let closeFrom = closeFrom else {
            throw Failure(step: "starting \(executable)", details: "this libc has no posix_spawn_file_actions_addclosefrom_np (glibc 2.34 has)")
        }
        _ = closeFrom(&actions, 3)
        // No signal blocked, every signal's default action: the calling thread, started from a
        // cooperative pool thread, inherits that thread's mask of blocked signals, and the daemons
        // inherited it in turn. Deaf to SIGTERM, they made stop wait for each to time out and
        // kill it (47 s instead of 2).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard spawned == 0 else {
            throw Failure(step: "starting \(executable)", details: String(cString: strerror(spawned)))
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else {
                throw Failure(step: "waiting for \(executable)", details: String(cString: strerror(errno)))
            }
        }
        // WIFEXITED / WEXITSTATUS (C macros Swift does not import).
        return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 on), which its Swift module does
    /// not import.
    static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    static func lastLines(of path: String, _ count: Int = 20) -> String {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "(unreadable)"
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(count + 1)
            .joined(separator: "\n").trimmingCharacters(in: .newlines)
    }

    // MARK: - Stopping it when the process exits

    struct ExitStop: Sendable {
        let stop: String
        let stateDir: String
        var keepStateDir = false
    }

    static let exitStop = Mutex<ExitStop?>(nil)

    /// The `atexit` hook: runs stop synchronously, its output in `<stateDir>/stop.log`; then
    /// removes the state directory, unless stop failed or start did.
    static func stopAtExit() {
        guard let pending = exitStop.withLock({ value -> ExitStop? in
            defer { value = nil }
            return value
        }) else { return }
        let log = pending.stateDir + "/stop.log"
        let status = (try? run(pending.stop, [pending.stateDir], stdout: log, stderr: log)) ?? -1
        if status == 0 {
            if !pending.keepStateDir { try? FileManager.default.removeItem(atPath: pending.stateDir) }
        } else {
            let message = "ZoneMinderServer: \(pending.stop) \(pending.stateDir) failed (status \(status)); see \(log)\n"
            FileHandle.standardError.write(Data(message.utf8))
        }
    }

    // MARK: - Asking the API

    /// Signs in as ``user`` (`POST api/host/login.json`, a form body) and answers the access token.
    public func signIn() async throws -> String {
        var request = URLRequest(url: url.appending(path: "api/host/login.json"))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("user=\(Self.formEncoded(user))&pass=\(Self.formEncoded(password))".utf8)
        let body = try await Self.fetch(request, step: "signing in to \(server) as \(user)")
        struct Login: Decodable { let access_token: String }
        do {
            return try JSONDecoder().decode(Login.self, from: body).access_token
        } catch {
            throw Failure(step: "signing in to \(server) as \(user)",
                          details: "no access_token in \(String(decoding: body.prefix(500), as: UTF8.self))")
        }
    }

    /// Waits (polling the API every second, up to `seconds`) until at least `count` events of
    /// monitor `monitor` have finished (an `EndDateTime`), and answers the ids of all its finished
    /// events among its newest 50, newest first. Events close every 10 s.
    public func waitForFinishedEvents(_ count: Int, monitor: Int, timeout seconds: Double) async throws -> [Int] {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var token: String?
        var last = "no answer yet"
        while true {
            do {
                let signedIn: String
                if let token { signedIn = token } else { signedIn = try await signIn() }
                token = signedIn
                let ids = try await finishedEvents(monitor: monitor, token: signedIn)
                if ids.count >= count { return ids }
                last = "\(ids.count) finished: \(ids)"
            } catch {
                token = nil
                last = "\(error)"
            }
            guard ContinuousClock.now < deadline else {
                throw Failure(step: "waiting \(seconds) s for \(count) finished events of monitor \(monitor) on \(server)",
                              details: "last: \(last)")
            }
            try await Task.sleep(for: .seconds(1))
        }
    }

    /// Waits (polling the database every second, up to `seconds`) until monitor `monitor` has
    /// `count` finished events with an id above `id` (events that began after it), and answers
    /// their ids, newest first.
    public func waitForFinishedEvents(_ count: Int, monitor: Int, after id: Int, timeout seconds: Double) async throws -> [Int] {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var ids: [Int] = []
        while true {
            ids = try await sql("SELECT Id FROM Events WHERE MonitorId=\(monitor) AND Id>\(id) AND EndDateTime IS NOT NULL ORDER BY Id DESC")
                .split(whereSeparator: \.isNewline).compactMap { Int($0) }
            if ids.count >= count { return ids }
            guard ContinuousClock.now < deadline else {
                throw Failure(step: "waiting \(seconds) s for \(count) finished events of monitor \(monitor) after event \(id) on \(server)",
                              details: "finished: \(ids)")
            }
            try await Task.sleep(for: .seconds(1))
        }
    }

    /// The ids of the finished events among monitor `monitor`'s newest 50, newest first.
    func finishedEvents(monitor: Int, token: String) async throws -> [Int] {
        let address = server + "/api/events/index/MonitorId:\(monitor).json"
            + "?sort=StartDateTime&direction=desc&limit=50&token=\(Self.formEncoded(token))"
        guard let events = URL(string: address) else {
            throw Failure(step: "making the events URL", details: address)
        }
        let step = "listing the events of monitor \(monitor) on \(server)"
        let body = try await Self.fetch(URLRequest(url: events), step: step)
        struct Index: Decodable {
            struct Item: Decodable { let Event: Event }
            struct Event: Decodable {
                let Id: FlexibleInt
                let EndDateTime: String?
            }
            let events: [Item]
        }
        do {
            return try JSONDecoder().decode(Index.self, from: body).events
                .filter { $0.Event.EndDateTime != nil }.map(\.Event.Id.value)
        } catch {
            throw Failure(step: step, details: "\(error)\n\(String(decoding: body.prefix(500), as: UTF8.self))")
        }
    }

    /// An integer the API may give as a number or as text.
    struct FlexibleInt: Decodable {
        let value: Int
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                value = number
            } else if let number = Int(try container.decode(String.self)) {
                value = number
            } else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an integer")
            }
        }
    }

    /// The body of a 200 answer, else a ``Failure`` with the status and the start of the body.
    static func fetch(_ request: URLRequest, step: String) async throws -> Data {
        var request = request
        request.timeoutInterval = 20
        let (body, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else {
            throw Failure(step: step, details: "HTTP \(status): \(String(decoding: body.prefix(500), as: UTF8.self))")
        }
        return body
    }

    /// `text` percent-encoded for a form body or a query value.
    static func formEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
