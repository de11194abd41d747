import Foundation
import Networking
import Playlist
import Testing
@testable import AppCore

/// What a fetched piece turns into: the bytes of its range, decrypted when it is AES-128.
@Suite("EventExporter: a piece's bytes")
struct ExportPieceBytesTests {
    let request = HTTPRequest(kind: .mediaSegment, url: URL(string: "https://cdn.example/media.ts")!)
    let file = Data((0..<200).map { UInt8($0) })

    @Test func aRangeAnsweredWith206IsTakenAsIsAndA200WholeFileIsCut() throws {
        let range = M3U8Inventory.ByteRange(length: 50, offset: 100)
        let partial = HTTPResponse(status: 206, body: file.subdata(in: 100..<150), request: request)
        #expect(try EventExporter.body(of: partial, range: range, what: "segment 2 of 5") == file.subdata(in: 100..<150))
        // A server (or cache) that ignores Range answers 200 with the whole file.
        let whole = HTTPResponse(status: 200, body: file, request: request)
        #expect(try EventExporter.body(of: whole, range: range, what: "segment 2 of 5") == file.subdata(in: 100..<150))
        let short = HTTPResponse(status: 206, body: file.prefix(10), request: request)
        #expect(throws: ExportError.self) { try EventExporter.body(of: short, range: range, what: "segment 2 of 5") }
    }

    @Test func aKeyThatIsNot16BytesOrDoesNotDecryptIsAnErrorThatSaysSo() throws {
        let iv = [UInt8](repeating: 0, count: 16)
        do {
            _ = try ExportCipher.decrypt(Data(count: 32), key: Data("<html>login</html>".utf8), iv: iv, what: "segment 1 of 5")
            Issue.record("a key of the wrong size must be refused")
        } catch let error as ExportError {
            #expect(error.description.contains("not 16"), "\(error)")
        }
        do {
            _ = try ExportCipher.decrypt(Data(count: 31), key: Data(count: 16), iv: iv, what: "segment 1 of 5")
            Issue.record("31 bytes are not whole AES blocks")
        } catch let error as ExportError {
            #expect(error.description.contains("segment 1 of 5 does not decrypt"), "\(error)")
        }
    }

    @Test func piecesAreNamedPerTrack() throws {
        var listing = ExportFixtures.listing(segments: 2)
        var audio = M3U8Inventory()
        audio.segments = (0..<3).map { .init(uri: "https://cdn.example/media/30-days/evt-1/audio/s\($0).ts", duration: 2) }
        listing.audio = audio
        let plan = try ExportPlan(event: ExportFixtures.event(), listing: listing, format: nil, now: ExportFixtures.start)
        #expect(EventExporter.name(of: 1, in: plan) == "segment 2 of 2")
        #expect(EventExporter.name(of: 3, in: plan) == "audio segment 2 of 3")
    }
}
