/// Where the video pane's bytes go: the terminal, written without blocking. One small seam so
/// the frame-dropping policy is tested with a slow writer.
protocol VideoSink: AnyObject {
    /// Writes as many of `bytes` as the terminal takes now (never blocks); returns how many.
    func write(_ bytes: UnsafeRawBufferPointer) -> Int
    /// Bytes written that the terminal has not read yet (`TIOCOUTQ`), 0 when unknown.
    var backlog: Int { get }
    /// Waits until more can be written, or until `deadline`.
    func waitWritable(until deadline: ContinuousClock.Instant)
}
