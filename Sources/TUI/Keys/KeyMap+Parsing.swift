import Foundation
import SystemSupport

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
        parse(lines: text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }, over: base, source: source)
    }

    /// Applies keymap.conf bytes over `base`, line by line: a line that is not UTF-8 is reported
    /// like any other bad line and the others still apply.
    ///
    /// ```swift
    /// let (map, problems) = KeyMap.parse(Data("bind list J move-down\n\u{FF}\n".utf8))   // line 2 reported
    /// ```
    public static func parse(_ data: Data, over base: KeyMap = .defaults, source: String = "keymap.conf")
        -> (map: KeyMap, problems: [KeyMapDiagnostic]) {
        parse(lines: data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(bytes: $0, encoding: .utf8)
        }, over: base, source: source)
    }

    private static func parse(lines: [String?], over base: KeyMap, source: String) -> (map: KeyMap, problems: [KeyMapDiagnostic]) {
        var map = base
        var problems: [KeyMapDiagnostic] = []
        var conflicts = KeyMapConflicts()
        for (index, rawLine) in lines.enumerated() {
            guard let rawLine else {
                problems.append(.init(source: source, line: index + 1, message: "not valid UTF-8; save the file as UTF-8"))
                continue
            }
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)   // CRLF files too
            if line.isEmpty || line.hasPrefix("#") { continue }
            switch parseLine(line) {
            case .success(let directive):
                if let note = conflicts.record(directive, line: index + 1) {
                    problems.append(.init(source: source, line: index + 1, message: note, kind: .note))
                }
                directive.apply(to: &map)
            case .failure(let message): problems.append(.init(source: source, line: index + 1, message: message.text))
            }
        }
        problems += conflicts.shadowedGlobals(in: map).map { .init(source: source, line: $0.line, message: $0.note, kind: .note) }
        return (map, problems.sorted { $0.line < $1.line })
    }

    /// The defaults with the user's file applied. A file that is not there is not a problem; one that
    /// is there but cannot be read (a symbolic-link loop, no permission, a directory) is (line 0, with
    /// the reason), and the defaults apply.
    public static func load(userFile: URL?) -> (map: KeyMap, problems: [KeyMapDiagnostic]) {
        guard let userFile else { return (.defaults, []) }
        do {
            guard let data = try UserFile.read(userFile.path) else { return (.defaults, []) }
            return parse(data, over: .defaults, source: userFile.path)
        } catch {
            return (.defaults, [.init(source: userFile.path, line: 0, message: "\(error.reason); using the default keys")])
        }
    }

    /// `$XDG_CONFIG_HOME/eventplayer/keymap.conf`, else `~/.config/eventplayer/keymap.conf`.
    public static func defaultUserFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".config")
        return base.appendingPathComponent("eventplayer/keymap.conf")
    }

    private struct LineError: Error { let text: String }

    private static func parseLine(_ line: String) -> Result<KeyMapDirective, LineError> {
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
        if let signal = SignalKey(key), !(directive == "bind" && signal.action == words[3] && context == .global) {
            return .failure(.init(text: "\(words[2]) cannot be \(directive == "bind" && words[3] != "none" ? "rebound" : "unbound"): "
                + "the terminal sends it as a signal, which \(signal.effect)"))
        }
        if directive == "unbind" || words[3] == "none" {
            return .success(.unbind(context, key))
        }
        guard ActionTable.spec(id: words[3]) != nil else {
            return .failure(.init(text: "unknown action '\(words[3])'; see the help (?) for action names"))
        }
        return .success(.bind(context, key, words[3]))
    }
}

/// A key the terminal turns into a signal before eventplayer reads it (the TUI keeps the
/// terminal's signal keys on, so that Ctrl-C quits and Ctrl-Z suspends even while it is busy):
/// binding it would do nothing, so keymap.conf refuses it. Only what it does already may be
/// written (`bind global Ctrl-C quit`).
struct SignalKey {
    /// The action it performs, when that is an action of the table.
    let action: String?
    /// What it does, for the message.
    let effect: String

    init?(_ key: Key) {
        switch key {
        case .ctrl("c"): (action, effect) = ("quit", "always quits (the terminal is restored)")
        case .ctrl("z"): (action, effect) = (nil, "always suspends eventplayer (fg resumes it)")
        default: return nil
        }
    }
}
