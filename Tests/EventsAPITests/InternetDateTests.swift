import Foundation
@testable import EventsAPI
import SystemSupport
import Testing

@Suite("RFC 3339 dates read by hand")
struct InternetDateTests {
    /// What the events API read before: Foundation's two ISO 8601 styles.
    static func foundation(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text)
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    @Test func agreesWithFoundationOnThousandsOfTimestamps() {
        // Seeded, so a failure names a timestamp that can be tried again.
        var random = SplitMix64(seed: 2026)
        var checked = 0
        for _ in 0..<4000 {
            let year = Int.random(in: 1600..<10000, using: &random)
            let month = Int.random(in: 1...12, using: &random)
            let day = Int.random(in: 1...InternetDate.daysIn(month: month, year: year), using: &random)
            var text = String(repeating: "0", count: 4 - String(year).count) + "\(year)-\(Self.two(month))-\(Self.two(day))"
            text += "T\(Self.two(Int.random(in: 0..<24, using: &random))):\(Self.two(Int.random(in: 0..<60, using: &random)))"
            text += ":\(Self.two(Int.random(in: 0..<60, using: &random)))"
            let fractionDigits = Int.random(in: 0...3, using: &random)
            if fractionDigits > 0 {
                text += "." + (0..<fractionDigits).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
            }
            switch Int.random(in: 0...2, using: &random) {
            case 0: text += "Z"
            case 1: text += "+\(Self.two(Int.random(in: 0..<15, using: &random))):\(Self.two(Int.random(in: 0..<60, using: &random)))"
            default: text += "-\(Self.two(Int.random(in: 0..<13, using: &random))):30"
            }
            let ours = InternetDate.parse(text)
            let theirs = Self.foundation(text)
            #expect(ours != nil, "\(text)")
            guard let ours, let theirs else { continue }
            #expect(abs(ours.timeIntervalSince1970 - theirs.timeIntervalSince1970) < 0.0005, "\(text)")
            checked += 1
        }
        #expect(checked > 3900)
    }

    @Test func readsTheShapesTheAPIWrites() throws {
        #expect(InternetDate.parse("1970-01-01T00:00:00Z")?.timeIntervalSince1970 == 0)
        #expect(InternetDate.parse("2026-11-26T14:34:22Z")?.timeIntervalSince1970 == 1_795_703_662)
        #expect(InternetDate.parse("2026-11-26T15:34:22+01:00")?.timeIntervalSince1970 == 1_795_703_662)
        #expect(InternetDate.parse("2026-11-26T13:04:22-01:30")?.timeIntervalSince1970 == 1_795_703_662)
        let fractional = try #require(InternetDate.parse("2026-11-20T10:00:42.250Z"))
        #expect(fractional.timeIntervalSince1970 == 1_795_168_842.25)
        #expect(InternetDate.parse("2024-02-29T12:00:00Z") != nil)
        #expect(InternetDate.parse("1969-12-31T23:59:59Z")?.timeIntervalSince1970 == -1)
    }

    @Test(arguments: [
        "", "2026-11-26", "2026-11-26T14:34:22", "2026-11-26t14:34:22Z", "2026-11-26 14:34:22Z",
        "2026-11-26T14:34:22z", "2026-11-26T14:34:22.Z", "2026-11-26T14:34:22+01", "2026-11-26T14:34:22+0100",
        "2026-11-26T14:34:22Zjunk", "2026-11-26T14:34:22+01:00 ", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z",
        "2026-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-11-26T24:00:00Z",
        "2026-11-26T23:60:00Z", "2026-12-31T23:59:60Z", "2026-11-26T14:34:22+24:00", "2026-11-26T14:34:22+01:60",
        "２026-11-26T14:34:22Z", "2026-1-26T14:34:22Z", "+2026-11-26T14:34:22Z",
        // Before 1600 Foundation counts in the Julian calendar (RFC 3339 does not): its answer stands.
        "1582-10-04T00:00:00Z", "0001-01-01T00:00:00Z",
    ])
    func leavesEveryOtherShapeToTheSlowerParser(text: String) {
        #expect(InternetDate.parse(text) == nil)
    }

    @Test func theDecoderStillReadsWhatOnlyFoundationReads() {
        // A leap second is not ours to read; the decoder asks Foundation, as before.
        #expect(APIDecoding.parseDate("2026-12-31T23:59:60Z") == Self.foundation("2026-12-31T23:59:60Z"))
        #expect(APIDecoding.parseDate("2026-11-26T14:34:22Z") == Self.foundation("2026-11-26T14:34:22Z"))
    }
}
