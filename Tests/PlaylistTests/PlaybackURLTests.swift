import Foundation
import Testing
@testable import Playlist

@Suite("PlaybackURL, BucketTokens, EndListPolicy")
struct PlaybackURLTests {
    static let tokens = BucketTokens(["7-days": "tok-7", "30-days": "tok-30", "180-days": "123123123123123"])

    @Test("the seed's example: bucket 180-days")
    func seedExample() throws {
        let url = try PlaybackURL(videoURL: URL(string: "https://www.example.com/video.m3u8")!, bucket: "180-days", tokens: Self.tokens)
        #expect(url.url.absoluteString == "https://www.example.com/video.m3u8?Authorization=123123123123123")
        #expect(url.token == "123123123123123")
    }

    @Test("video URLs", arguments: [
        ("https://h/v.m3u8?Authorization=stale-token&quality=high", "https://h/v.m3u8?quality=high&Authorization=T"),
        ("https://h/v.m3u8?a=1&Authorization=x&b=2&authorization=y&c", "https://h/v.m3u8?a=1&b=2&c&Authorization=T"),
        ("https://h/v.m3u8?Authorization=x&Authorization=y", "https://h/v.m3u8?Authorization=T"),
        ("https://h/v.m3u8?AuthorizationX=1", "https://h/v.m3u8?AuthorizationX=1&Authorization=T"),
        ("https://h/v.m3u8#t=10", "https://h/v.m3u8?Authorization=T#t=10"),
        ("https://h/v.m3u8?", "https://h/v.m3u8?Authorization=T"),
        ("http://127.0.0.1:8080/media/7-days/evt/index.m3u8", "http://127.0.0.1:8080/media/7-days/evt/index.m3u8?Authorization=T"),
    ])
    func videoURLs(input: String, expected: String) throws {
        #expect(try PlaybackURL(videoURL: URL(string: input)!, token: "T").url.absoluteString == expected)
    }

    @Test("the token is percent-encoded (everything but unreserved)")
    func tokenEncoded() throws {
        let url = try PlaybackURL(videoURL: URL(string: "https://h/v.m3u8")!, token: "a+b/c=d e&f~g.h_i-j")
        #expect(url.url.absoluteString == "https://h/v.m3u8?Authorization=a%2Bb%2Fc%3Dd%20e%26f~g.h_i-j")
        #expect(URLComponents(url: url.url, resolvingAgainstBaseURL: false)?.queryItems?.first?.value == "a+b/c=d e&f~g.h_i-j")
    }

    @Test("a bucket without a token is an error naming it")
    func missingBucket() {
        #expect(throws: MissingBucketTokenError(bucket: "365-days", availableBuckets: ["180-days", "30-days", "7-days"])) {
            try Self.tokens.token(forBucket: "365-days")
        }
        do {
            _ = try PlaybackURL(videoURL: URL(string: "https://h/v.m3u8")!, bucket: "365-days", tokens: Self.tokens)
            Issue.record("expected an error")
        } catch {
            #expect(String(describing: error).contains("\"365-days\""))
        }
        #expect(throws: MissingBucketTokenError.self) { try Self.tokens.token(forBucket: "30-Days") }   // exact match only
    }

    @Test("a relative or non-http video URL is refused")
    func invalidURL() {
        #expect(throws: M3U8Error.self) { try PlaybackURL(videoURL: URL(string: "video.m3u8")!, token: "t") }
        #expect(throws: M3U8Error.self) { try PlaybackURL(videoURL: URL(fileURLWithPath: "/tmp/v.m3u8"), token: "t") }
    }

    @Test("complete when endTime is set or it started more than 10 minutes ago")
    func endListPolicy() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        let policy = EndListPolicy(now: { now })
        #expect(policy.isComplete(startTime: now, endTime: now))
        #expect(policy.isComplete(startTime: now.addingTimeInterval(-601), endTime: nil))
        #expect(!policy.isComplete(startTime: now.addingTimeInterval(-600), endTime: nil))
        #expect(!policy.isComplete(startTime: now.addingTimeInterval(-30), endTime: nil))
        let source = PlaybackSource(eventID: "e", videoURL: URL(string: "https://h/v.m3u8")!, bucket: "7-days",
                                    startTime: now.addingTimeInterval(-3600), endTime: nil)
        #expect(policy.isComplete(source))
    }

    /// ZoneMinder's placement: the token as the `token` query item, replacing any, kept whole
    /// (`+` stays a plus), and taken away again; a web page is its refusal.
    @Test func aQueryItemPlacementAuthorisesStripsAndReadsARefusal() {
        let placement = CredentialPlacement.queryItem("token")
        let url = URL(string: "http://nvr/zm/index.php?view=view_video&eid=7&token=old")!
        let authorised = placement.authorizing(url, token: "a+b/c=")
        #expect(authorised.absoluteString == "http://nvr/zm/index.php?view=view_video&eid=7&token=a%2Bb/c%3D"
            || authorised.absoluteString == "http://nvr/zm/index.php?view=view_video&eid=7&token=a%2Bb/c=", "\(authorised)")
        #expect(URLComponents(url: authorised, resolvingAgainstBaseURL: false)?.queryItems?.last?.value == "a+b/c=")
        #expect(placement.withoutToken(authorised).absoluteString == "http://nvr/zm/index.php?view=view_video&eid=7")
        #expect(placement.headerValue("t") == nil)
        #expect(placement.isRefusal(contentType: "text/html; charset=UTF-8"))
        #expect(!placement.isRefusal(contentType: "video/mp4"))
        #expect(!CredentialPlacement.bearerHeader.isRefusal(contentType: "text/html"), "a bearer server refuses with 401")
        #expect(CredentialPlacement.bearerHeader.authorizing(url, token: "t") == url)
    }
}
