import Foundation

/// Content types of demo media, by extension; extension-less files are sniffed (0x47 -> MPEG-TS).
enum MediaContentType {
    static let playlist = "application/vnd.apple.mpegurl"

    static func forFile(named name: String, firstByte: UInt8?) -> String {
        let ext = name.split(separator: "/").last.flatMap { last in
            last.contains(".") ? last.split(separator: ".").last.map { $0.lowercased() } : nil
        }
        switch ext {
        case "m3u8", "m3u": return playlist
        case "ts": return "video/mp2t"
        case "m4s": return "video/iso.segment"
        case "mp4", "m4v": return "video/mp4"
        case "aac": return "audio/aac"
        case "m4a": return "audio/mp4"
        case "vtt": return "text/vtt"
        case "jpg", "jpeg": return "image/jpeg"
        case "key": return "application/octet-stream"
        case nil: return firstByte == 0x47 ? "video/mp2t" : "application/octet-stream"
        default: return "application/octet-stream"
        }
    }
}
