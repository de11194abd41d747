import Foundation

/// A master playlist cut down to one of its variants (a montage tile plays the smallest variant
/// that covers its pixels, ``M3U8Inventory/smallestVariant(covering:_:)``: mpv would otherwise
/// pick the best one, and four 1080p streams are more than four small tiles need). Every other
/// `#EXT-X-STREAM-INF` and the URI line that follows it go; everything else (renditions, I-frame
/// streams, session data, comments) stays byte for byte, line endings as `\n`. Pure.
///
/// ```swift
/// let inventory = try rewriter.inventory(master)
/// if let variant = inventory.smallestVariant(covering: 480, 270) {
///     text = MasterVariantFilter.keeping(variant.uri, in: text)
/// }
/// ```
public enum MasterVariantFilter {
    /// `master` with only the variant whose URI line is `uri` (as written in `master`); `master`
    /// unchanged when no variant has that URI (nothing would be left to play).
    public static func keeping(_ uri: String, in master: String) -> String {
        let lines = master.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        var kept: [Substring] = []
        var found = false
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("#EXT-X-STREAM-INF") else {
                kept.append(line)
                index += 1
                continue
            }
            // The variant's URI is the next line that is neither blank nor a tag or comment.
            var next = index + 1
            while next < lines.count, lines[next].trimmingCharacters(in: .whitespaces).isEmpty || lines[next].hasPrefix("#") { next += 1 }
            let variantURI = next < lines.count ? lines[next].trimmingCharacters(in: .whitespaces) : nil
            if variantURI == uri {
                found = true
                kept += lines[index...min(next, lines.count - 1)]
            } else {
                // Tags between the STREAM-INF and its URI belong to that variant too (rare); blank lines go with it.
                kept += lines[(index + 1)..<min(next, lines.count)].filter { $0.hasPrefix("#") && !$0.hasPrefix("#EXT") }
            }
            index = next + 1
        }
        return found ? kept.joined(separator: "\n") : master
    }
}
