import Foundation

extension KeyMap {
    /// Applies keymap.conf text over `base`. Syntax, one directive per line:
    ///
    /// ```text
    /// # comment
    /// bind <context> <key> <action>     # context: list player global form filter
    /// unbind <context> <key>
    /// ```
    /// A bad line is reported with its number and skipped (the binding from `base` stays).
    public static func parse(_ text: String, over base: KeyMap = .defaults, source: String = "keymap.conf")
        -> (map: KeyMap, problems: [KeyMapDiagnostic]) {
        var map = base
        var problems: [KeyMapDiagnostic] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            switch parseLine(line) {
            case .success(let apply): apply(&map)
            case .failure(let message): problems.append(.init(source: source, line: index + 1, message: message.text))
            }
        }
        return (map, problems)
    }

    /// The defaults with the user's file applied (a missing file is not a problem).
    public static func load(userFile: URL?) -> (map: KeyMap, problems: [KeyMapDiagnostic]) {
        guard let userFile, let text = try? String(contentsOf: userFile, encoding: .utf8) else {
            return (.defaults, [])
        }
        return parse(text, over: .defaults, source: userFile.path)
    }

    /// `$XDG_CONFIG_HOME/eventplayer/keymap.conf`, else `~/.config/eventplayer/keymap.conf`.
    public static func defaultUserFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".config")
        return base.appendingPathComponent("eventplayer/keymap.conf")
    }

    /// The map as keymap.conf text (one `bind` per key, grouped by context).
    public func configText() -> String {
        var out: [String] = []
        for context in KeyContext.allCases {
            for spec in ActionTable.all {
                for key in keys(for: spec.id, in: context) {
                    out.append("bind \(context.rawValue) \(key.name) \(spec.id)")
                }
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    private struct LineError: Error { let text: String }

    private static func parseLine(_ line: String) -> Result<(inout KeyMap) -> Void, LineError> {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let contexts = KeyContext.allCases.map(\.rawValue).joined(separator: ", ")
        guard let directive = words.first, directive == "bind" || directive == "unbind" else {
            return .failure(.init(text: "unknown directive '\(words.first ?? "")'; expected 'bind' or 'unbind'"))
        }
        let arity = directive == "bind" ? 4 : 3
        guard words.count == arity else {
            return .failure(.init(text: directive == "bind"
                ? "expected 'bind <context> <key> <action>'" : "expected 'unbind <context> <key>'"))
        }
        guard let context = KeyContext(rawValue: words[1]) else {
            return .failure(.init(text: "unknown context '\(words[1])'; expected one of \(contexts)"))
        }
        guard let key = Key(name: words[2]) else {
            return .failure(.init(text: "unknown key '\(words[2])'; use a character, Ctrl-X or a name like PgDn, Space, Enter"))
        }
        if directive == "unbind" || words[3] == "none" {
            return .success { $0.unbind(key, in: context) }
        }
        guard ActionTable.spec(id: words[3]) != nil else {
            return .failure(.init(text: "unknown action '\(words[3])'; see the help (?) for action names"))
        }
        let id = words[3]
        return .success { $0.bind(key, to: id, in: context) }
    }
}
