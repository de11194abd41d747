internal import CMPV
import SystemSupport

/// Turns one `mpv_event` into an `MPVEvent` at the boundary: one `switch` over the event id
/// (the mpv client API examples' shape); nothing C leaves this file.
enum MPVEventDecoder {
    /// nil for MPV_EVENT_NONE (the queue is empty).
    static func decode(_ event: mpv_event, playbackID: PlaybackID) -> MPVEvent? {
        let kind: MPVEvent.Kind
        switch event.event_id {
        case MPV_EVENT_NONE:
            return nil
        case MPV_EVENT_START_FILE:
            kind = .startFile
        case MPV_EVENT_FILE_LOADED:
            kind = .fileLoaded
        case MPV_EVENT_END_FILE:
            guard let data = event.data else { return nil }
            kind = .endFile(endFile(data.assumingMemoryBound(to: mpv_event_end_file.self).pointee))
        case MPV_EVENT_SEEK:
            kind = .seek
        case MPV_EVENT_PLAYBACK_RESTART:
            kind = .playbackRestart
        case MPV_EVENT_PROPERTY_CHANGE:
            guard let data = event.data,
                  let property = property(data.assumingMemoryBound(to: mpv_event_property.self).pointee, id: event.reply_userdata)
            else { return MPVEvent(playbackID, .other("property-change")) }
            kind = .property(property)
        case MPV_EVENT_LOG_MESSAGE:
            guard let data = event.data else { return nil }
            kind = .log(logMessage(data.assumingMemoryBound(to: mpv_event_log_message.self).pointee))
        case MPV_EVENT_COMMAND_REPLY where MPVHandle.isTagged(event.reply_userdata):
            kind = .taggedReply(tag: event.reply_userdata, error: event.error < 0 ? MPVHandle.errorString(event.error) : nil)
        case MPV_EVENT_COMMAND_REPLY, MPV_EVENT_SET_PROPERTY_REPLY:
            kind = .reply(error: event.error < 0 ? MPVHandle.errorString(event.error) : nil)
        case MPV_EVENT_SHUTDOWN:
            kind = .shutdown
        default:
            kind = .other(mpv_event_name(event.event_id).map { String(cString: $0) } ?? "event \(event.event_id.rawValue)")
        }
        return MPVEvent(playbackID, kind)
    }

    private static func endFile(_ end: mpv_event_end_file) -> MPVEvent.EndFile {
        switch end.reason {
        case MPV_END_FILE_REASON_EOF: .eof
        case MPV_END_FILE_REASON_STOP: .stop
        case MPV_END_FILE_REASON_QUIT: .quit
        case MPV_END_FILE_REASON_REDIRECT: .redirect
        default: .error(MPVHandle.errorString(end.error))
        }
    }

    static func logMessage(_ message: mpv_event_log_message) -> PlayerLogMessage {
        var text = message.text.map { String(cString: $0) } ?? ""
        while text.last == "\n" { text.removeLast() }
        return PlayerLogMessage(
            prefix: message.prefix.map { String(cString: $0) } ?? "",
            level: message.level.map { String(cString: $0) } ?? "",
            text: Redactor.shared.redact(text)
        )
    }

    /// Decodes an observed property by its observation id; nil for a property we did not observe.
    private static func property(_ change: mpv_event_property, id: UInt64) -> MPVProperty? {
        guard let observed = ObservedProperty(rawValue: id) else { return nil }
        let data = change.format == MPV_FORMAT_NONE ? nil : change.data
        func flag() -> Bool { data.map { $0.assumingMemoryBound(to: Int32.self).pointee != 0 } ?? false }
        func double() -> Double? { data.map { $0.assumingMemoryBound(to: Double.self).pointee } }
        switch observed {
        case .pause: return .pause(flag())
        case .coreIdle: return .coreIdle(flag())
        case .idleActive: return .idleActive(flag())
        case .timePos: return .timePos(double())
        case .duration: return .duration(double())
        case .seeking: return .seeking(flag())
        case .pausedForCache: return .pausedForCache(flag())
        case .cacheBufferingState: return .cacheBufferingState(data.map { Int($0.assumingMemoryBound(to: Int64.self).pointee) })
        case .demuxerCacheState: return .demuxerCacheState(data.map { DemuxerCacheState($0.assumingMemoryBound(to: mpv_node.self).pointee) })
        case .eofReached: return .eofReached(flag())
        case .mute: return .mute(flag())
        case .volume: return .volume(double())
        }
    }
}

extension DemuxerCacheState {
    /// Reads `eof-cached` and `cache-duration` from mpv's `demuxer-cache-state` node map.
    init(_ node: mpv_node) {
        self.init(eofCached: false, cacheDuration: nil)
        guard node.format == MPV_FORMAT_NODE_MAP, let list = node.u.list?.pointee, let keys = list.keys, let values = list.values else { return }
        for index in 0..<Int(list.num) {
            guard let key = keys[index].map({ String(cString: $0) }) else { continue }
            let value = values[index]
            switch key {
            case "eof-cached": eofCached = value.format == MPV_FORMAT_FLAG && value.u.flag != 0
            case "cache-duration":
                cacheDuration = Self.number(value)
            case "seekable-ranges":
                guard value.format == MPV_FORMAT_NODE_ARRAY, let ranges = value.u.list?.pointee, let items = ranges.values else { break }
                seekableRanges = (0..<Int(ranges.num)).compactMap { Self.range(items[$0]) }
            default: break
            }
        }
    }

    private static func number(_ node: mpv_node) -> Double? {
        if node.format == MPV_FORMAT_DOUBLE { return node.u.double_ }
        if node.format == MPV_FORMAT_INT64 { return Double(node.u.int64) }
        return nil
    }

    /// `{start, end}` of one seekable range.
    private static func range(_ node: mpv_node) -> ClosedRange<Double>? {
        guard node.format == MPV_FORMAT_NODE_MAP, let map = node.u.list?.pointee, let keys = map.keys, let values = map.values else { return nil }
        var start: Double?, end: Double?
        for index in 0..<Int(map.num) {
            switch keys[index].map({ String(cString: $0) }) {
            case "start": start = number(values[index])
            case "end": end = number(values[index])
            default: break
            }
        }
        guard let start, let end, start <= end else { return nil }
        return start...end
    }
}
