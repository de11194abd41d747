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
        try store.save(nil)
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
}
