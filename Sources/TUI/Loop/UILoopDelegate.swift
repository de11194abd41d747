/// The App side of the UI loop: it owns the state, the loop renders it and reports events.
///
/// ```swift
/// final class Coordinator: UILoopDelegate {
///     var screen: ScreenSnapshot { state.snapshot }          // cache it; read after every event
///     var nextDeadline: ContinuousClock.Instant? { state.nextTick }
///     func handle(_ event: UIEvent) -> LoopControl {
///         switch event {
///         case .action(.quit): return .quit
///         case .action(let action): state.apply(action)
///         case .wake("player"): player.drainEvents()
///         case .wake: inbox.drain()
///         case .deadline: state.tick(now: .now)
///         }
///         return .keepRunning
///     }
/// }
/// ```
public protocol UILoopDelegate: AnyObject {
    /// The screen to show; read after every event (keep a cached value, do not rebuild rows each time).
    var screen: ScreenSnapshot { get }
    /// When to report ``UIEvent/deadline`` next (1 s progress tick, message expiry); nil: none.
    /// A deadline must move forward once reported, else it is ignored until it changes.
    var nextDeadline: ContinuousClock.Instant? { get }
    /// Handles one event.
    func handle(_ event: UIEvent) -> LoopControl
    /// Descriptors that come and go (a montage's players), polled each turn.
    var wakeDescriptors: [Int32] { get }
}

extension UILoopDelegate {
    /// Descriptors that come and go (a montage's players): polled each turn; when one is readable
    /// the delegate gets ``UIEvent/wake(_:)`` with ``UILoop/delegateWake`` and must drain them.
    public var wakeDescriptors: [Int32] { [] }
}
