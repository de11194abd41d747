/// Why no still could be rendered for an event (the pane then keeps its poster).
///
/// ```swift
/// do { _ = try StillRenderer.render(source, width: 120, height: 80, configuration: configuration) { false } }
/// catch let error as StillError where error.isCancelled { /* a newer selection won */ }
/// ```
public struct StillError: Error, Sendable, Equatable, CustomStringConvertible {
    enum Code: Sendable, Equatable {
        case cancelled
        case timedOut(seconds: Int)
        case ended(String)
    }

    let code: Code

    init(_ code: Code) { self.code = code }

    /// True when the caller cancelled the render (not a failure).
    public var isCancelled: Bool { code == .cancelled }

    public var description: String {
        switch code {
        case .cancelled: "the still was cancelled"
        case .timedOut(let seconds): "no frame of the event arrived within \(seconds) s"
        case .ended(let reason): "the event ended before its first frame (\(reason))"
        }
    }
}
