import Testing
@testable import TUI

@Suite struct ActionTableTests {
    @Test func idsAreUniqueAndEveryActionHasKeysAndHelp() {
        let ids = ActionTable.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for spec in ActionTable.all {
            #expect(!spec.defaultKeys.isEmpty, "\(spec.id)")
            #expect(!spec.help.isEmpty, "\(spec.id)")
            #expect(ActionTable.spec(id: spec.id) == spec)
        }
    }

    @Test func noKeyIsBoundTwiceInOneContext() {
        for context in KeyContext.allCases {
            var seen: [Key: String] = [:]
            for spec in ActionTable.all where spec.contexts.contains(context) {
                for key in spec.defaultKeys {
                    #expect(seen[key] == nil, "\(key.name) in \(context): \(seen[key] ?? "") and \(spec.id)")
                    seen[key] = spec.id
                }
            }
        }
    }

    @Test func helpIsGeneratedFromTheTable() {
        let lines = HelpText.lines(keyMap: .defaults)
        for context in KeyContext.allCases {
            #expect(lines.contains(context.title))
        }
        for spec in ActionTable.all {
            #expect(lines.contains { $0.contains(spec.help) && $0.contains(spec.id) }, "\(spec.id)")
        }
        #expect(lines.contains { $0.hasPrefix("  Space, p") && $0.contains("Pause or resume") })
        #expect(lines.contains { $0.hasPrefix("  Up, k") && $0.contains("Select the previous event") })
        // Every help text stands apart from its id, the longest too.
        for spec in ActionTable.all {
            #expect(lines.contains { $0.contains(spec.help + " ") && $0.hasSuffix(" " + spec.id) }, "\(spec.id)")
        }
    }

    @Test func helpFollowsOverridesAndWidth() {
        let (map, _) = KeyMap.parse("bind player x toggle-pause\nunbind player p\n")
        let lines = HelpText.lines(keyMap: map)
        #expect(lines.contains { $0.hasPrefix("  Space, x") && $0.contains("Pause or resume") })
        let narrow = HelpText.lines(keyMap: .defaults, width: 60)
        #expect(narrow.allSatisfy { DisplayWidth.of($0) <= 90 })
        #expect(!narrow.contains { $0.contains("toggle-pause") })
    }

    @Test func hintsForTheFocusedContext() {
        #expect(KeyHints.text(for: .list, keyMap: .defaults) == "Enter play  / filter  r refresh  T timeline  Tab focus  ? help  q quit")
        #expect(KeyHints.text(for: .player, keyMap: .defaults)
            == "Space pause  m mute  ←/→ 5s  s stop  Enter play  T timeline  Tab focus  ? help  q quit")
        #expect(KeyHints.text(for: .timeline, keyMap: .defaults) == "←/→ move  + zoom  Enter play  ? help  q quit")
        #expect(KeyHints.text(for: .filter, keyMap: .defaults) == "Enter submit  Esc cancel")
    }
}
