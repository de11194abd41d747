/// Where each key of a TOML file is (file name and line): TOMLKit reports a line only for syntax errors, so the text is
/// scanned for table headers (`[network]`, `[headers.all]`) and `key = value` lines (dotted and
/// quoted keys included). Keys inside multi-line strings are not mistaken for keys.
///
/// ```swift
/// let lines = ConfigLines("server = \"x\"\n[network]\nretries = 3\n", file: "config.toml")
/// lines.line(of: ["network", "retries"])   // 3
/// lines.line(of: ["network", "other"])     // 2, the nearest table that is there
/// ```
struct ConfigLines: Sendable, Equatable {
    /// The file, as messages name it.
    private(set) var file = "config.toml"
    private var lines: [[String]: Int] = [:]

    init() {}

    init(_ text: String, file: String) {
        self.file = file
        var table: [String] = []
        var openString: Substring?   // the delimiter of a multi-line string left open
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            if let delimiter = openString {
                if raw.contains(delimiter) { openString = nil }
                continue
            }
            var rest = raw.drop { $0 == " " || $0 == "\t" }
            if rest.first == "[" {
                let isArray = rest.hasPrefix("[[")
                rest = rest.dropFirst(isArray ? 2 : 1)
                guard let path = Self.key(&rest), !path.isEmpty else { continue }
                table = path
                record(path, number)
            } else if let path = Self.key(&rest), !path.isEmpty, rest.first == "=" {
                record(table + path, number)
                let value = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
                for delimiter in ["\"\"\"", "'''"] where value.hasPrefix(delimiter) {
                    if !value.dropFirst(3).contains(delimiter) { openString = Substring(delimiter) }
                }
            }
        }
    }

    /// The line of `path`, else of the nearest enclosing table or key that has one.
    func line(of path: [String]) -> Int? {
        var path = path
        while !path.isEmpty {
            if let line = lines[path] { return line }
            path.removeLast()
        }
        return nil
    }

    /// The key whose `key = value` line is `line` (with its table's path), nil for any other line.
    func path(at line: Int) -> [String]? {
        lines.filter { $0.value == line }.map(\.key).max { $0.count < $1.count }
    }

    /// `keys` of the table at `path`, in the order they appear in the file (so the first problem
    /// reported is the first in the file).
    func inFileOrder(_ keys: [String], under path: [String]) -> [String] {
        keys.sorted { (line(of: path + [$0]) ?? 0, $0) < (line(of: path + [$1]) ?? 0, $1) }
    }

    private mutating func record(_ path: [String], _ line: Int) {
        for end in 1...path.count where lines[Array(path[..<end])] == nil {
            lines[Array(path[..<end])] = line
        }
    }

    /// A dotted key (`a.b`, `"quoted".c`, `'literal'`), consuming it and the blanks after it.
    private static func key(_ text: inout Substring) -> [String]? {
        var parts: [String] = []
        while true {
            text = text.drop { $0 == " " || $0 == "\t" }
            guard let first = text.first else { return nil }
            if first == "\"" || first == "'" {
                var part = ""
                var index = text.index(after: text.startIndex)
                var closed = false
                while index < text.endIndex {
                    let character = text[index]
                    if character == first { closed = true; break }
                    if first == "\"" && character == "\\" {
                        index = text.index(after: index)
                        guard index < text.endIndex else { break }
                    }
                    part.append(text[index])
                    index = text.index(after: index)
                }
                guard closed else { return nil }
                parts.append(part)
                text = text[text.index(after: index)...]
            } else {
                let bare = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
                guard !bare.isEmpty else { return nil }
                parts.append(String(bare))
                text = text.dropFirst(bare.count)
            }
            text = text.drop { $0 == " " || $0 == "\t" }
            guard text.first == "." else { return parts }
            text = text.dropFirst()
        }
    }
}
