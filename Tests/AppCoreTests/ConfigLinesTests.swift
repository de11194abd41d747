@testable import AppCore
import Testing

/// Finding a key's line in TOML text (TOMLKit gives lines only for syntax errors).
@Suite("Config key lines")
struct ConfigLinesTests {
    static let text = """
        # comment = 1
        server = "http://x"
        notes = \"\"\"
        [network]
        retries = 5
        \"\"\"
          [ network ]
        "retry-cap" = 1
        'retry-base'=2
        mpv.speed = "1.5"
        [headers."all"]
        X-A = "1"
        [[list]]
        item = 1
        """

    @Test(arguments: [
        (["server"], 2), (["notes"], 3), (["network"], 7), (["network", "retry-cap"], 8),
        (["network", "retry-base"], 9), (["network", "mpv", "speed"], 10), (["headers"], 11),
        (["headers", "all"], 11), (["headers", "all", "X-A"], 12), (["list", "item"], 14),
        (["network", "retries"], 7),   // only inside the multi-line string: the table's line
        (["nowhere"], nil),
    ] as [([String], Int?)])
    func lines(path: [String], line: Int?) {
        #expect(ConfigLines(Self.text, file: "config.toml").line(of: path) == line)
    }

    @Test func keysInFileOrder() {
        let lines = ConfigLines("b = 1\na = 2\n[t]\nz = 1\ny = 2\n", file: "c")
        #expect(lines.inFileOrder(["a", "b", "t"], under: []) == ["b", "a", "t"])
        #expect(lines.inFileOrder(["y", "z"], under: ["t"]) == ["z", "y"])
    }
}
