@testable import AppCore
import Foundation
import Testing

@Suite("Snapshot files")
struct SnapshotFileTests {
    static let utc = TimeZone(identifier: "UTC")!
    /// 2026-11-20 14:02:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_795_183_320)

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appending(path: "snapshots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func namedByCameraAndTheFramesWallClockTime() {
        let file = SnapshotFile(camera: "Front Door", time: Self.start.addingTimeInterval(7.34))
        #expect(file.name(timeZone: Self.utc) == "Front-Door_2026-11-20_14-02-07.340.png")
        #expect(file.name(timeZone: Self.utc, number: 2) == "Front-Door_2026-11-20_14-02-07.340-2.png")
        #expect(file.name(timeZone: TimeZone(secondsFromGMT: 3600)!) == "Front-Door_2026-11-20_15-02-07.340.png")
        let almost = SnapshotFile(camera: "Garage", time: Self.start.addingTimeInterval(59.9999))
        #expect(almost.name(timeZone: Self.utc) == "Garage_2026-11-20_14-03-00.000.png", "rounded, never :60")
    }

    @Test func cameraNamesBecomeSafeFileNameParts() {
        #expect(SnapshotFile.safe("Front Door") == "Front-Door")
        #expect(SnapshotFile.safe("Garage / East:2") == "Garage-East-2")
        #expect(SnapshotFile.safe("../etc") == "etc")
        #expect(SnapshotFile.safe("Café Nord") == "Café-Nord")
        #expect(SnapshotFile.safe("  ") == "camera")
    }

    @Test func reservingNeverReplacesAFile() throws {
        let dir = try Self.temporaryDirectory().appending(path: "eventplayer")
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let file = SnapshotFile(camera: "Front Door", time: Self.start)
        let first = try file.reserve(in: dir, timeZone: Self.utc)
        #expect(first.lastPathComponent == "Front-Door_2026-11-20_14-02-00.000.png")
        try Data("png".utf8).write(to: first)
        let second = try file.reserve(in: dir, timeZone: Self.utc)
        #expect(second.lastPathComponent == "Front-Door_2026-11-20_14-02-00.000-2.png")
        let third = try file.reserve(in: dir, timeZone: Self.utc)
        #expect(third.lastPathComponent == "Front-Door_2026-11-20_14-02-00.000-3.png", "a reserved (empty) name counts as taken")
        #expect(try String(contentsOf: first, encoding: .utf8) == "png")
    }

    @Test func aFolderThatCannotBeMadeSaysWhatToDo() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let blocker = dir.appending(path: "Pictures")
        try Data().write(to: blocker)   // a file where the folder should be
        let target = blocker.appending(path: "eventplayer")
        #expect(throws: SnapshotError.self) { try SnapshotFile(camera: "Garage", time: Self.start).reserve(in: target) }
        do {
            _ = try SnapshotFile(camera: "Garage", time: Self.start).reserve(in: target)
        } catch {
            #expect(error.description.hasPrefix("cannot save snapshots in \(target.path) ("))
            #expect(error.description.hasSuffix("); set XDG_PICTURES_DIR to a folder you can write to"))
        }
    }

    @Test func theFolderIsUnderThePicturesDirectory() throws {
        #expect(SnapshotFile.directory(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "/nonexistent"]).path
                == "/home/u/Pictures/eventplayer")
        #expect(SnapshotFile.directory(environment: ["HOME": "/home/u", "XDG_PICTURES_DIR": "/data/pics"]).path
                == "/data/pics/eventplayer")
        let config = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: config) }
        try "# user dirs\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\nXDG_PICTURES_DIR=\"$HOME/Bilder\"\n"
            .write(to: config.appending(path: "user-dirs.dirs"), atomically: true, encoding: .utf8)
        #expect(SnapshotFile.directory(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": config.path]).path
                == "/home/u/Bilder/eventplayer")
        #expect(XDGPaths.picturesEntry("XDG_PICTURES_DIR=\"/srv/shots\"", home: "/h") == "/srv/shots")
        #expect(XDGPaths.picturesEntry("XDG_PICTURES_DIR=\"relative\"", home: "/h") == nil)
    }
}
