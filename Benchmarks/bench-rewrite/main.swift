// bench-rewrite: how fast the M3U8 rewriter is, against awk doing the naive prefix+token rewrite.
//
//   swift run -c release bench-rewrite [--runs 5] [--segments 43200,1000000] [--keep DIR]
//
// For each size it writes an ffmpeg-shaped VOD media playlist (`#EXTINF:2.000000,` +
// `segment_%06d.ts`), then, each in a fresh child process so peak RSS is the rewrite's own:
//   memory: `M3U8Rewriter.rewrite(_:)` into one `Data` (the whole output in memory)
//   stream: `M3U8Rewriter.rewrite(_:to:)` in 256 KiB chunks to /dev/null (how a big file is written)
// and `awk '/^#/ {print; next} {print p $0 "?Authorization=" t}'` on the same file, same run.
// Figures: median wall time of --runs runs (after one warm-up), CPU time (user+sys) of the same runs,
// input MB/s, peak RSS (getrusage ru_maxrss, includes the input and the Swift runtime), awk/rewrite.
// Wall time on a machine shared with other jobs is noisy; CPU time is the steadier figure.
import Foundation
import Playlist

let base = URL(string: "http://127.0.0.1:8080/media/30-days/gen-00042/index.m3u8")!
let token = "mt_30-days_8f14e45fceea167a5a36dedd4bea2543"
let prefix = "http://127.0.0.1:8080/media/30-days/gen-00042/"

func cpuSeconds(_ who: Int32 = 0) -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(who), &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

func peakRSSBytes() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(0), &usage)
    return usage.ru_maxrss * 1024
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Child mode: `bench-rewrite --child FILE memory|stream RUNS` prints "wallMs cpuMs outputBytes segments peakRSS".
func child(file: String, mode: String, runs: Int) throws {
    let input = try Data(contentsOf: URL(fileURLWithPath: file))
    let rewriter = M3U8Rewriter(playlistURL: base, token: token, appendsEndList: true)
    let devNull = open("/dev/null", O_WRONLY)
    var walls: [Double] = [], cpus: [Double] = []
    var outputBytes = 0, segments = 0
    for run in 0...runs {
        let cpu0 = cpuSeconds(), start = ContinuousClock.now
        if mode == "memory" {
            let (output, summary) = try rewriter.rewrite(input)
            outputBytes = output.count; segments = summary.segmentCount
        } else {
            var written = 0
            let summary = try rewriter.rewrite(input) { chunk in written += write(devNull, chunk.baseAddress, chunk.count) }
            outputBytes = written; segments = summary.segmentCount
        }
        let wall = ContinuousClock.now - start
        if run > 0 {   // run 0 warms up
            walls.append(Double(wall.components.seconds) * 1000 + Double(wall.components.attoseconds) / 1e15)
            cpus.append((cpuSeconds() - cpu0) * 1000)
        }
    }
    print(median(walls), median(cpus), outputBytes, segments, peakRSSBytes())
}

/// Runs this executable in child mode and parses its line.
func measure(file: String, mode: String, runs: Int) throws -> (wall: Double, cpu: Double, output: Int, segments: Int, rss: Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
        process.executableURL = Bundle.main.executableURL
    }
    process.arguments = ["--child", file, mode, String(runs)]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let fields = text.split(whereSeparator: \.isWhitespace).map(String.init)
    guard process.terminationStatus == 0, fields.count == 5 else { throw BenchError("child failed: \(text)") }
    return (Double(fields[0])!, Double(fields[1])!, Int(fields[2])!, Int(fields[3])!, Int(fields[4])!)
}

/// awk doing the naive rewrite (prefix + line + token on every non-# line), median wall ms and CPU ms.
func awk(file: String, runs: Int) throws -> (wall: Double, cpu: Double) {
    var walls: [Double] = [], cpus: [Double] = []
    for run in 0...runs {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["awk", "-v", "p=\(prefix)", "-v", "t=\(token)",
                             "/^#/ {print; next} {print p $0 \"?Authorization=\" t}", file]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        let cpu0 = cpuSeconds(-1), start = ContinuousClock.now   // RUSAGE_CHILDREN
        try process.run()
        process.waitUntilExit()
        let wall = ContinuousClock.now - start
        guard process.terminationStatus == 0 else { throw BenchError("awk failed") }
        if run > 0 {
            walls.append(Double(wall.components.seconds) * 1000 + Double(wall.components.attoseconds) / 1e15)
            cpus.append((cpuSeconds(-1) - cpu0) * 1000)
        }
    }
    return (median(walls), median(cpus))
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// An ffmpeg-shaped VOD media playlist with `count` 2-second segments.
func generate(count: Int, to url: URL) throws {
    var text = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n"
    text.reserveCapacity(count * 37 + 200)
    for n in 0..<count {
        text += "#EXTINF:2.000000,\nsegment_"
        let digits = String(n)
        if digits.count < 6 { text += String(repeating: "0", count: 6 - digits.count) }
        text += digits
        text += ".ts\n"
    }
    text += "#EXT-X-ENDLIST\n"
    try Data(text.utf8).write(to: url)
}

let arguments = CommandLine.arguments
if arguments.count >= 5, arguments[1] == "--child" {
    try child(file: arguments[2], mode: arguments[3], runs: Int(arguments[4])!)
    exit(0)
}
var runs = 5, sizes = [43_200, 1_000_000], keep: String?
var index = 1
while index < arguments.count {
    switch arguments[index] {
    case "--runs": runs = Int(arguments[index + 1]) ?? runs; index += 2
    case "--segments": sizes = arguments[index + 1].split(separator: ",").compactMap { Int($0) }; index += 2
    case "--keep": keep = arguments[index + 1]; index += 2
    default:
        FileHandle.standardError.write(Data("usage: bench-rewrite [--runs N] [--segments 43200,1000000] [--keep DIR]\n".utf8))
        exit(2)
    }
}
let directory = URL(fileURLWithPath: keep ?? NSTemporaryDirectory() + "bench-rewrite-\(getpid())", isDirectory: true)
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { if keep == nil { try? FileManager.default.removeItem(at: directory) } }

print("bench-rewrite: median of \(runs) runs after a warm-up; token \(token.count) chars; \(ProcessInfo.processInfo.activeProcessorCount) CPUs, load \(String(format: "%.1f", loadAverage()))")
print("segments   input MB  mode     wall ms   cpu ms    MB/s(wall)  peak RSS MB (x input)  out MB   awk wall ms  awk cpu ms  awk/rewrite (wall, cpu)")
for count in sizes {
    let file = directory.appendingPathComponent("media-\(count).m3u8")
    try generate(count: count, to: file)
    let inputBytes = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as! Int
    let inputMB = Double(inputBytes) / 1_048_576
    let naive = try awk(file: file.path, runs: runs)
    for mode in ["memory", "stream"] {
        let result = try measure(file: file.path, mode: mode, runs: runs)
        precondition(result.segments == count, "segment count \(result.segments) != \(count)")
        let rssMB = Double(result.rss) / 1_048_576
        print(String(format: "%-10d %8.1f  ", count, inputMB) + mode.padding(toLength: 7, withPad: " ", startingAt: 0) + String(format: " %8.1f %8.1f %11.0f %12.1f (%.2fx) %8.1f %12.1f %11.1f   %.1fx, %.1fx",
                     result.wall, result.cpu, inputMB / (result.wall / 1000), rssMB,
                     Double(result.rss) / Double(inputBytes), Double(result.output) / 1_048_576, naive.wall, naive.cpu,
                     naive.wall / result.wall, naive.cpu / result.cpu))
    }
}

func loadAverage() -> Double {
    var load = [Double](repeating: 0, count: 3)
    return getloadavg(&load, 3) > 0 ? load[0] : 0
}
