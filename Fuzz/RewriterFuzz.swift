// libFuzzer target for the M3U8 rewriter (built by Fuzz/run with the pure files of Sources/Playlist).
// Beyond "no crash, no hang", every accepted input must satisfy:
//   - the streamed output equals the in-memory output,
//   - the output is valid UTF-8 and ends with "\n",
//   - rewriting the output again changes nothing (idempotence), with the same kind and segment count.
import Foundation

private let base = URL(string: "https://cdn.example.com/media/30-days/evt/index.m3u8?Authorization=stale&q=1")!
private let limits = M3U8Rewriter.Limits(maxBytes: 1 << 20, maxLineBytes: 1 << 16)
private let relaxed = M3U8Rewriter.Limits(maxBytes: 64 << 20, maxLineBytes: 1 << 20)

@_cdecl("LLVMFuzzerTestOneInput")
public func rewriterFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: size > 0 ? UnsafeRawPointer(data) : nil, count: size)
    let appendsEndList = size > 0 && data[0] & 1 == 1
    let rewriter = M3U8Rewriter(playlistURL: base, token: "tok/+= ~x", appendsEndList: appendsEndList, limits: limits)
    guard let (output, summary) = try? rewriter.rewrite(input) else { return 0 }

    var streamed = Data()
    guard let streamedSummary = try? rewriter.rewrite(input, to: { streamed.append(contentsOf: $0) }) else {
        fatalError("streaming failed where in-memory succeeded")
    }
    precondition(streamed == output, "streamed output differs")
    precondition(streamedSummary == summary, "streamed summary differs")
    precondition(String(validating: output, as: UTF8.self) != nil, "output is not UTF-8")
    precondition(output.last == 0x0A, "output does not end with a newline")

    var again = rewriter
    again.limits = relaxed
    guard let (second, secondSummary) = try? again.rewrite(output) else { fatalError("output is not accepted again") }
    precondition(second == output, "not idempotent")
    precondition(secondSummary.kind == summary.kind && secondSummary.segmentCount == summary.segmentCount,
                 "second pass sees a different playlist")
    return 0
}
