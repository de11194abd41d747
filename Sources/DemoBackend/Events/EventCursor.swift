import Foundation

/// The opaque paging cursor: base64url of `v1:<startTime seconds>:<id>` of the last event sent.
/// The next page starts after that event in newest-first order, so it stays right while the
/// list changes around it.
struct EventCursor: Sendable, Equatable {
    let startTime: Date
    let id: String

    init(after event: DemoEvent) {
        startTime = event.startTime
        id = event.id
    }

    init?(encoded: String) {
        var base64 = encoded.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "v1", let seconds = Double(parts[1]), !parts[2].isEmpty else { return nil }
        startTime = Date(timeIntervalSince1970: seconds)
        id = String(parts[2])
    }

    var encoded: String {
        let text = "v1:\(startTime.timeIntervalSince1970):\(id)"
        return Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Whether `event` comes after this cursor in newest-first order.
    func precedes(_ event: DemoEvent) -> Bool {
        event.startTime != startTime ? event.startTime < startTime : event.id > id
    }
}
