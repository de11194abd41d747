import Playlist
import Testing

/// A master cut down to the variant a montage tile plays.
@Suite struct MasterVariantFilterTests {
    static let master = """
        #EXTM3U
        #EXT-X-VERSION:3
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Mic",DEFAULT=YES,URI="audio/index.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=5000000,RESOLUTION=1920x1080,AUDIO="aud"
        1080/index.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=1200000,RESOLUTION=640x360,AUDIO="aud"

        360/index.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=320x180,AUDIO="aud"
        180/index.m3u8
        #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,URI="iframes.m3u8"

        """

    @Test func onlyTheChosenVariantIsLeftAndEverythingElseStays() throws {
        let inventory = try M3U8Rewriter(playlistURL: .init(string: "http://o.example/e/master.m3u8")!, token: "")
            .inventory(Array(Self.master.utf8))
        let variant = try #require(inventory.smallestVariant(covering: 480, 270))
        #expect(variant.resolution == .init(width: 640, height: 360))
        let cut = MasterVariantFilter.keeping("360/index.m3u8", in: Self.master)
        #expect(cut == """
            #EXTM3U
            #EXT-X-VERSION:3
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Mic",DEFAULT=YES,URI="audio/index.m3u8"
            #EXT-X-STREAM-INF:BANDWIDTH=1200000,RESOLUTION=640x360,AUDIO="aud"

            360/index.m3u8
            #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,URI="iframes.m3u8"

            """)
    }

    @Test func anUnknownURILeavesTheMasterAsItIs() {
        #expect(MasterVariantFilter.keeping("720/index.m3u8", in: Self.master) == Self.master)
    }
}
