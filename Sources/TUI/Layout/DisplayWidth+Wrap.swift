extension DisplayWidth {
    /// Breaks `text` into lines of at most `width` cells at spaces (a word longer than a line is cut);
    /// newlines in `text` start new lines.
    ///
    /// ```swift
    /// DisplayWidth.wrap("could not open the media", to: 10)   // ["could not", "open the", "media"]
    /// ```
    public static func wrap(_ text: String, to width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var used = 0
            for piece in paragraph.split(separator: " ") {
                var word = String(piece)
                var cells = of(word)
                if used > 0, used + 1 + cells <= width {
                    line += " " + word
                    used += 1 + cells
                    continue
                }
                if used > 0 { lines.append(line) }
                while cells > width {
                    let head = prefix(word, cells: width)
                    lines.append(head)
                    word.removeFirst(head.count)
                    cells = of(word)
                }
                (line, used) = (word, cells)
            }
            lines.append(line)
        }
        return lines
    }

    /// The longest start of `text` that fits in `cells` (at least one character).
    private static func prefix(_ text: String, cells: Int) -> String {
        var out = ""
        var used = 0
        for c in text {
            if used + of(c) > cells, !out.isEmpty { break }
            out.append(c)
            used += of(c)
        }
        return out
    }
}
