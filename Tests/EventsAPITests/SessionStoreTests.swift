import EventsAPI
import Foundation
import Testing

@Suite("SessionStore keeps the session private and survives corruption")
struct SessionStoreTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "ep-session-\(UUID().uuidString)/state/eventplayer")
        return url
    }

    let session = Session(server: URL(string: "http://127.0.0.1:1")!, accessToken: "access-123456",
                          refreshToken: "refresh-123456", expiresAt: Date(timeIntervalSince1970: 2_000_000_000),
                          user: User(id: "u1", email: "a@b.c", name: "A"))

    @Test func savedSessionIsMode0600InA0700DirectoryAndLoadsBack() throws {
        let directory = try temporaryDirectory()
        let store = SessionStore(directory: directory)
        try store.save(session)
        let file = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
        let folder = try FileManager.default.attributesOfItem(atPath: directory.path)
        #expect((file[.posixPermissions] as? Int) == 0o600)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect(store.load() == session)
        #expect(store.load(for: session.server) == session)
        #expect(store.load(for: URL(string: "http://elsewhere")!) == nil)
    }

    @Test func aCorruptFileCountsAsSignedOut() throws {
        let directory = try temporaryDirectory()
        let store = SessionStore(directory: directory)
        try store.save(session)
        try Data("{ not json".utf8).write(to: store.fileURL)
        #expect(store.load() == nil)
        try Data([0xff, 0x00, 0x13]).write(to: store.fileURL)
        #expect(store.load() == nil)
    }

    @Test func savingNilRemovesTheFile() throws {
        let store = SessionStore(directory: try temporaryDirectory())
        try store.save(session)
        try store.remove()
        #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
        #expect(store.load() == nil)
    }

    @Test func rewritingLeavesNoTemporaryFilesBehind() throws {
        let directory = try temporaryDirectory()
        let store = SessionStore(directory: directory)
        for _ in 0..<5 { try store.save(session) }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names == ["session.json"])
    }

    func session(_ server: String, user: String = "a@b.c") -> Session {
        Session(server: URL(string: server)!, accessToken: "access-\(user)", refreshToken: "refresh-\(user)",
                expiresAt: Date(timeIntervalSince1970: 2_000_000_000), user: User(id: user, email: user, name: user))
    }

    @Test func aSessionPerServerAndTheLastSignInIsTheDefault() throws {
        let directory = try temporaryDirectory()
        let store = SessionStore(directory: directory)
        let home = session("https://nvr.home:8971", user: "home"), office = session("http://office", user: "office")
        try store.saveAsDefault(home)
        try store.saveAsDefault(office)
        #expect(store.load() == office)
        #expect(store.load(for: URL(string: "https://nvr.home:8971")!) == home)
        #expect(store.load(for: URL(string: "http://office")!) == office)
        #expect(store.all().map(\.user.name) == ["office", "home"])
        // A renewed token is written where its server's session is: the default stays.
        var renewed = home
        renewed.accessToken = "access-renewed"
        try store.save(renewed)
        #expect(store.load() == office)
        #expect(store.load(for: home.server) == renewed)
        let files = try FileManager.default.contentsOfDirectory(atPath: store.otherSessionsDirectory.path)
        #expect(files.count == 1)
        let mode = try FileManager.default.attributesOfItem(atPath: store.otherSessionsDirectory.appending(path: files[0]).path)[.posixPermissions]
        #expect((mode as? Int) == 0o600)
        // Signing in to home again makes it the default; office moves beside the others.
        try store.saveAsDefault(renewed)
        #expect(store.load() == renewed)
        #expect(store.load(for: office.server) == office)
        #expect(store.all().count == 2)
    }

    @Test func serversAreComparedInCanonicalForm() throws {
        let store = SessionStore(directory: try temporaryDirectory())
        let nvr = session("https://nvr:8971")
        try store.saveAsDefault(nvr)
        #expect(store.load(for: URL(string: "https://NVR:8971/")!) == nvr)
        #expect(store.load(for: URL(string: "https://nvr:8971///")!) == nvr)
        #expect(store.load(for: URL(string: "http://nvr:8971")!) == nil)
        let prefixed = session("https://host/frigate/")
        try store.save(prefixed)
        #expect(store.load(for: URL(string: "https://host:443/frigate")!) == prefixed)
        #expect(store.load(for: URL(string: "https://host")!) == nil)
    }

    @Test func removingOneServerKeepsTheOthersAndAllRemovesEvery() throws {
        let store = SessionStore(directory: try temporaryDirectory())
        let a = session("http://a"), b = session("http://b"), c = session("http://c")
        for each in [a, b, c] { try store.saveAsDefault(each) }
        #expect(try store.remove(server: URL(string: "http://a/")!) != nil)
        #expect(store.load(for: a.server) == nil)
        #expect(try store.remove(server: a.server) == nil)
        #expect(try store.remove() == store.fileURL)
        #expect(store.load() == nil)
        #expect(store.load(for: b.server) == b)
        #expect(try store.removeAll() == 1)
        #expect(store.all().isEmpty)
    }

    @Test func anExpiredSessionKeepsItsServerWithoutTokens() throws {
        let store = SessionStore(directory: try temporaryDirectory())
        try store.saveAsDefault(session)
        try store.expire(server: session.server)
        let kept = try #require(store.load())
        #expect(kept.server == session.server)
        #expect(kept.isSignedOut)
        let text = try String(contentsOf: store.fileURL, encoding: .utf8)
        #expect(!text.contains("access-123456") && !text.contains("refresh-123456"))
    }

    @Test func canonicalServerURLs() {
        func canonical(_ text: String) -> String { ServerURL.canonical(URL(string: text)!).absoluteString }
        #expect(canonical("HTTPS://NVR.Local:443/") == "https://nvr.local")
        #expect(canonical("http://nvr:80") == "http://nvr")
        #expect(canonical("http://nvr:8080/") == "http://nvr:8080")
        #expect(canonical("https://host/frigate/") == "https://host/frigate")
        #expect(canonical("https://host:8971/zm?x=1#y") == "https://host:8971/zm")
        #expect(canonical("https://[FD00::1]:8971/") == "https://[fd00::1]:8971")
    }
}
