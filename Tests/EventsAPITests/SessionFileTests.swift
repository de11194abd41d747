import EventsAPI
import Foundation
import Logging
import Synchronization
import Testing

/// The session file's own problems: something else in its place, and loose permissions.
@Suite("SessionStore: a directory in the way, a file others can read")
struct SessionFileTests {
    let session = Session(server: URL(string: "http://127.0.0.1:1")!, accessToken: "access-123456",
                          refreshToken: "refresh-123456", expiresAt: Date(timeIntervalSince1970: 2_000_000_000),
                          user: User(id: "u1", email: "a@b.c", name: "A"))

    func directory() -> URL {
        FileManager.default.temporaryDirectory.appending(path: "ep-session-\(UUID().uuidString)/state/eventplayer")
    }

    @Test func aDirectoryNamedSessionJSONIsAClearErrorAndIsLeftAlone() throws {
        let store = SessionStore(directory: directory())
        try FileManager.default.createDirectory(at: store.fileURL, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: store.fileURL.appending(path: "inside"))
        for attempt in [{ try store.checkWritable() }, { try store.save(session) }, { try store.remove() }] {
            let error = #expect(throws: SessionStoreError.self) { try attempt() }
            #expect(error?.isNotAFile == true)
            #expect(error?.description == "cannot save the session: \(store.fileURL.path) is a directory or other non-file; remove or rename it")
        }
        #expect(FileManager.default.fileExists(atPath: store.fileURL.appending(path: "inside").path))
        #expect(store.load() == nil)
    }

    @Test func aFileOthersCanReadIsTightenedTo0600AndTheLogSaysSo() throws {
        let lines = Lines()
        let logger = Logger(label: "test") { _ in LinesHandler(lines: lines) }
        let store = SessionStore(directory: directory(), logger: logger)
        try store.save(session)
        chmod(store.fileURL.path, 0o644)
        #expect(store.load() == session)
        let mode = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(lines.value.withLock { $0 }.contains { $0.contains("tightened it to 0600") && $0.contains("was=644") })
    }

    @Test func anUnwritableDirectoryIsFoundBeforeSigningIn() throws {
        guard getuid() != 0 else { return }   // root writes anywhere
        let state = directory()
        let parent = state.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        chmod(parent.path, 0o500)
        defer { chmod(parent.path, 0o700) }
        let error = #expect(throws: SessionStoreError.self) { try SessionStore(directory: state).checkWritable() }
        #expect(error?.description.contains("Permission denied") == true)
    }
}

final class Lines: Sendable {
    let value = Mutex<[String]>([])
}

/// Collects log lines as "message key=value".
struct LinesHandler: LogHandler {
    let lines: Lines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    init(lines: Lines) { self.lines = lines }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let message = event.message
        let fields = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        lines.value.withLock { $0.append("\(message) \(fields)") }
    }
}
