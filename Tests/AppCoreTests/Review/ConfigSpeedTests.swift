import AppCore
import Player
import Testing

@Suite("Config: speed")
struct ConfigSpeedTests {
    @Test func speedSetsTheDefaultOfEverySession() throws {
        #expect(try AppConfig.parse("speed = 1.5\n").speed == 1.5)
        #expect(try AppConfig.parse("speed = 2\n").speed == 2)
        #expect(try AppConfig.parse("").speed == nil)
        let configuration = try PlaybackOptions(video: VideoModeChoice.none).playerConfiguration(config: AppConfig.parse("speed = 1.5\n"))
        #expect(configuration.speed == 1.5)
        let flag = try PlaybackOptions(video: VideoModeChoice.none, speed: 3).playerConfiguration(config: AppConfig.parse("speed = 1.5\n"))
        #expect(flag.speed == 3, "--speed wins over the file")
        #expect(try PlaybackOptions(video: VideoModeChoice.none).playerConfiguration(config: AppConfig()).speed == 1)
    }

    @Test func outOfRangeOrNotANumberNamesTheLine() {
        for (text, got) in [("speed = 20", "20"), ("speed = 0.1", "0.1"), ("speed = \"fast\"", "\"fast\"")] {
            #expect {
                try AppConfig.parse("audio = true\n\(text)\n", file: "config.toml")
            } throws: { error in
                (error as? ConfigError)?.description == "config.toml:2: speed must be a number from 0.25 to 16 (got \(got))"
            }
        }
    }
}
