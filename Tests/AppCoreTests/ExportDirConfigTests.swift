@testable import AppCore
import Foundation
import Testing

/// `export-dir` in config.toml: where `e` and `export` without `-o` save.
@Suite struct ExportDirConfigTests {
    let home = URL(filePath: "/home/u")
    let cwd = URL(filePath: "/work")

    @Test func defaultIsTheCurrentDirectory() throws {
        let config = try AppConfig.parse("")
        #expect(config.exportDirectory(currentDirectory: cwd, home: home).path == "/work")
    }

    @Test func homeAbsoluteAndRelativePaths() throws {
        #expect(try AppConfig.parse(#"export-dir = "~/Videos/eventplayer""#).exportDirectory(currentDirectory: cwd, home: home).path
            == "/home/u/Videos/eventplayer")
        #expect(try AppConfig.parse(#"export-dir = "/srv/clips""#).exportDirectory(currentDirectory: cwd, home: home).path == "/srv/clips")
        #expect(try AppConfig.parse(#"export-dir = "clips""#).exportDirectory(currentDirectory: cwd, home: home).path == "/work/clips")
    }

    @Test func aNonStringIsAnErrorWithItsLine() {
        #expect {
            try AppConfig.parse("audio = true\nexport-dir = 3\n")
        } throws: { error in
            let text = String(describing: error)
            return text.contains(":2") && text.contains("export-dir must be a directory path string")
        }
    }
}
