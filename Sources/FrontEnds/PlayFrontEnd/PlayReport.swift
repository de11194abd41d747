import AppCore
import Foundation
import PlaybackStates
import Player
import Playlist
import SystemSupport

/// The lines `eventplayer play` prints: one per visible change, the startup timeline, the finish.
struct PlayReport {
    let json: Bool
    /// When the command started (lines carry milliseconds since).
    let started: ContinuousClock.Instant
    /// Where lines go; ``print(_:)`` is the only caller.
    private let output: @Sendable (String) -> Void
    private var last: Line?

    init(json: Bool, started: ContinuousClock.Instant, output: @escaping @Sendable (String) -> Void) {
        self.json = json
        self.started = started
        self.output = output
    }

    /// Milliseconds since the command started.
    var ms: Int { Int((ContinuousClock.now - started).milliseconds) }

    /// What a line shows; a new line is printed only when it changes.
    struct Line: Equatable {
        var playback: PlaybackState
        var load: LoadState
        var second: Int
        var duration: Double?
    }

    mutating func status(_ snapshot: PlayerSnapshot) {
        let line = Line(playback: snapshot.playback, load: snapshot.load,
                        second: Int(snapshot.progress.position.rounded(.down)), duration: snapshot.progress.duration)
        guard line != last else { return }
        last = line
        if json {
            var object: [String: Any] = ["ms": ms, "playback": "\(snapshot.playback.rawValue)", "load": loadName(snapshot.load),
                                         "position": round2(snapshot.progress.position), "bufferedAhead": round2(snapshot.progress.bufferedAhead),
                                         "speed": snapshot.speed]
            object["duration"] = snapshot.progress.duration.map(round2) ?? NSNull()
            if case .stalled(let percent) = snapshot.load { object["bufferingPercent"] = percent ?? NSNull() }
            if case .connecting(let waited) = snapshot.load { object["waitedSeconds"] = waited }
            emit(object)
        } else {
            let position = snapshot.progress.positionText + "/" + snapshot.progress.durationText
            let load = "\(snapshot.load)"  // "waiting for the server (12 s)" is longer than the column
            print(pad(ms) + " ms  " + "\(snapshot.playback)".padding(toLength: 17, withPad: " ", startingAt: 0)
                   + load.padding(toLength: max(15, load.count + 1), withPad: " ", startingAt: 0) + position)
        }
    }

    func message(_ text: String) {
        if json { emit(["ms": ms, "message": text]) } else { print(pad(ms) + " ms  " + text) }
    }

    func timeline(_ timeline: StartupTimeline) {
        let prepare = timeline.prepare, player = timeline.player
        func ms(_ d: Duration?) -> Double? { d.map { round2($0.milliseconds) } }
        let steps: [(String, Double?)] = [
            ("tokens", round2(prepare.tokensMilliseconds)), ("playlist", round2(prepare.fetchMilliseconds)),
            ("rewrite", round2(prepare.rewriteMilliseconds)), ("write", round2(prepare.writeMilliseconds)),
            ("mpvOpen", ms(player.mpvOpen)), ("fileLoaded", ms(player.fileLoaded)), ("firstFrame", ms(player.firstFrame)),
        ]
        if json {
            var object: [String: Any] = [:]
            for (name, value) in steps { object[name + "Ms"] = value ?? NSNull() }
            emit(["timeline": object])
        } else {
            print("timeline: " + steps.map { "\($0.0) " + ($0.1.map { "\($0) ms" } ?? "—") }.joined(separator: ", ")
                   + "  (mpv steps from load)")
        }
    }

    func finish(_ reason: FinishReason) {
        if json {
            switch reason {
            case .ended: emit(["ms": ms, "finish": "ended"])
            case .userExited: emit(["ms": ms, "finish": "userExited"])
            case .error(let message): emit(["ms": ms, "finish": "error", "message": message])
            case .frameLimitReached(let frames): emit(["ms": ms, "finish": "frameLimitReached", "frames": frames])
            }
        } else {
            print(pad(ms) + " ms  finished: \(reason)")
        }
    }

    /// A JSON line: its text values redacted, control characters escaped.
    private func emit(_ object: [String: Any]) {
        let redacted = object.mapValues { value in (value as? String).map(Redactor.shared.redact) ?? value }
        guard let data = try? JSONSerialization.data(withJSONObject: redacted, options: [.sortedKeys]) else { return }
        output(TerminalText.jsonEscaped(String(decoding: data, as: UTF8.self)))
    }

    /// A text line, redacted and with control characters escaped (messages carry server text).
    private func print(_ line: String) {
        output(UserFacing.shown(line))
    }

    private func loadName(_ load: LoadState) -> String {
        switch load {
        case .unknown: "unknown"
        case .connecting: "connecting"
        case .playable: "playable"
        case .playthroughOK: "playthroughOK"
        case .stalled: "stalled"
        }
    }

    private func pad(_ ms: Int) -> String {
        let text = String(ms)
        return String(repeating: " ", count: max(0, 6 - text.count)) + text
    }
}

func round2(_ value: Double) -> Double { (value * 100).rounded() / 100 }
