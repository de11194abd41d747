import Foundation

/// What ZoneMinder's API answers, as far as eventplayer reads it. Numbers come as JSON numbers in
/// 1.36 and as strings in older versions (`"Id": "1"`, `"Length": "14.98"`): ``LooseNumber`` takes both.
enum ZoneMinderBody {
    /// `POST /api/host/login.json`: a sign-in (both tokens) or a refresh (the access token only).
    struct Login: Decodable {
        var access_token: String
        var access_token_expires: LooseNumber?
        var refresh_token: String?
        var refresh_token_expires: LooseNumber?
        var version: String?
    }

    /// `GET /api/host/getVersion.json`.
    struct Version: Decodable {
        var version: String
        var apiversion: String?
    }

    /// `GET /api/host/getTimeZone.json`.
    struct TimeZoneBody: Decodable {
        var tz: String
    }

    /// `GET /api/monitors.json`.
    struct Monitors: Decodable {
        var monitors: [Lossy<MonitorItem>]
    }

    struct MonitorItem: Decodable {
        var Monitor: Monitor
        /// What its capture daemon (zmc) last wrote; every field null when it never ran.
        var Monitor_Status: MonitorStatus?
    }

    struct Monitor: Decodable {
        var Id: LooseNumber
        var Name: String
        /// None, Monitor, Modect, Record, Mocord, Nodect (1.36; 1.37 has ``Capturing`` instead).
        var Function: String?
        /// None, Always, OnDemand (1.37).
        var Capturing: String?
        var Enabled: LooseNumber?
        /// The captured picture's size in pixels (before ``Orientation``).
        var Width: LooseNumber?
        var Height: LooseNumber?
        /// ROTATE_0, ROTATE_90, ROTATE_180, ROTATE_270, FLIP_HORI, FLIP_VERT.
        var Orientation: String?

        /// False when ZoneMinder runs no capture for it (function or capturing None).
        var capturesConfigured: Bool {
            Function != "None" && Capturing != "None"
        }

        /// The height of the picture zms sends at scale 100 (a monitor turned a quarter sends
        /// its width as its height).
        var shownHeight: Int? {
            let quarterTurn = Orientation == "ROTATE_90" || Orientation == "ROTATE_270"
            return (quarterTurn ? Width : Height)?.int.flatMap { $0 > 0 ? $0 : nil }
        }
    }

    /// `Monitor_Status` of `monitors.json` (a table zmc writes): `Status` is Unknown, NotRunning,
    /// Running (zmc started, no picture yet), Connected or Signal; `CaptureFPS` a decimal as text
    /// ("10.00"), updated every `FPSReportInterval` frames.
    struct MonitorStatus: Decodable {
        var Status: String?
        var CaptureFPS: LooseNumber?
    }

    /// `GET /api/events/index/….json`.
    struct Events: Decodable {
        var events: [Lossy<EventItem>]
        var pagination: Pagination?
    }

    struct Pagination: Decodable {
        var page: LooseNumber?
        var pageCount: LooseNumber?
        var nextPage: Bool?
    }

    struct EventItem: Decodable {
        var Event: Event
    }

    /// `GET /api/events/<id>.json`.
    struct OneEvent: Decodable {
        var event: EventItem
    }

    /// `GET /api/events/<id>.json` with what ZoneMinder joins to the event (CakePHP's
    /// `recursive = 1`): its monitor and every one of its frames (`?noframes=true` leaves them out).
    struct EventWithFrames: Decodable {
        struct Item: Decodable {
            var Event: Event
            var Monitor: NamedMonitor?
            var Frame: [Lossy<Frame>]?
        }
        var event: Item
    }

    /// The joined monitor, as far as the details read it.
    struct NamedMonitor: Decodable {
        var Id: LooseNumber?
        var Name: String?
        /// None, Monitor, Modect, Record, Mocord, Nodect (1.36).
        var Function: String?
    }

    /// A row of ZoneMinder's `Frames` table: each frame the analysis looked at, with its score.
    struct Frame: Decodable {
        /// The row's own id (what the events *index* calls `MaxScoreFrameId`).
        var Id: LooseNumber?
        /// The frame's number in its event, from 1 (what the single event calls `MaxScoreFrameId`).
        var FrameId: LooseNumber
        /// Alarm (the zones' thresholds were passed), Normal, or Bulk (several frames in one row,
        /// a monitor that records without analysis).
        var `Type`: String?
        /// The frame's score, 0 for a frame without an alarm.
        var Score: LooseNumber?
        /// Seconds from the event's start, as text ("2.40").
        var Delta: LooseNumber?
    }

    struct Event: Decodable {
        var Id: LooseNumber
        var MonitorId: LooseNumber
        var Name: String?
        var Cause: String?
        var Notes: String?
        var StartDateTime: String?
        /// 1.34 and before.
        var StartTime: String?
        /// Null while the event is recording.
        var EndDateTime: String?
        var EndTime: String?
        var Length: LooseNumber?
        var MaxScore: LooseNumber?
        var Archived: LooseNumber?
        var DefaultVideo: String?
        /// How many frames it has, and how many of them are alarm frames.
        var Frames: LooseNumber?
        var AlarmFrames: LooseNumber?
        /// The single event (`GET /api/events/<id>.json`): the `FrameId` of its highest-scoring
        /// frame, the first of them. The index's `MaxScoreFrameId` is another number (a `Frames`
        /// row's `Id`), not read.
        var MaxScoreFrameId: LooseNumber?
    }

    /// An error body: `{"success": false, "data": {"name": …, "exception": {"message": …}}}`.
    struct Failure: Decodable {
        struct Data: Decodable {
            struct Exception: Decodable { var message: String? }
            var name: String?
            var exception: Exception?
        }
        var data: Data?

        /// The message, HTML entities decoded (`name` has them; `exception.message` does not).
        var message: String? {
            if let text = data?.exception?.message, !text.isEmpty { return text }
            return data?.name.map { $0.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&") }
        }
    }
}

/// A number ZoneMinder may send as a number or as a string.
struct LooseNumber: Decodable, Sendable {
    var value: Double

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            value = number
        } else if let bool = try? container.decode(Bool.self) {
            value = bool ? 1 : 0
        } else {
            let text = try container.decode(String.self)
            guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a number: \(text.prefix(40))")
            }
            value = number
        }
    }

    /// As an integer (ids), when it is one.
    var int: Int? {
        value.rounded() == value && abs(value) < 1e15 ? Int(value) : nil
    }
}
