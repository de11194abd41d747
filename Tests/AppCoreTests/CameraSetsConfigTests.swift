import AppCore
import EventsAPI
import Testing

/// `[camera-sets]` in config.toml: named sets of cameras for the TUI's `c` picker (and so the
/// timeline's lanes and the montage), in the file's order; every problem named with its line.
@Suite struct CameraSetsConfigTests {
    @Test func theSetsAreReadInTheFilesOrder() throws {
        let config = try AppConfig.parse("""
        speed = 1
        [camera-sets]
        outside = ["Driveway", "Front Door", "Driveway"]
        "back of the house" = ["Garden"]
        """)
        #expect(config.cameraSets == [CameraGroup(name: "outside", cameras: ["Driveway", "Front Door"]),
                                      CameraGroup(name: "back of the house", cameras: ["Garden"])])
        #expect(try AppConfig.parse("speed = 1\n").cameraSets.isEmpty)
    }

    @Test(arguments: [
        ("camera-sets = 3", "config.toml:1: [camera-sets] must be a table of names and camera lists"),
        ("[camera-sets]\noutside = \"Driveway\"", "config.toml:2: [camera-sets] outside must be a list of camera names"),
        ("[camera-sets]\n\noutside = [\"Driveway\", 3]", "config.toml:3: [camera-sets] outside must list camera names as strings (got 3)"),
        ("[camera-sets]\noutside = [\" \"]", "config.toml:2: [camera-sets] outside must list camera names as strings"),
        ("[camera-sets]\noutside = []", "config.toml:2: [camera-sets] outside lists no camera"),
    ])
    func problemsAreNamedWithTheirLine(text: String, expected: String) {
        let error = #expect(throws: ConfigError.self) { try AppConfig.parse(text) }
        #expect(error?.description.hasPrefix(expected) == true, "\(error?.description ?? "")")
    }
}
