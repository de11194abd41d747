/// What the loop reports to its delegate.
public enum UIEvent: Hashable, Sendable {
    /// A key, a mouse click or a signal turned into an action.
    case action(UserAction)
    /// A registered wake source became readable (a `SelfPipe` is already drained).
    case wake(String)
    /// The delegate's ``UILoopDelegate/nextDeadline`` passed.
    case deadline
}

/// The delegate's answer: keep running or leave ``UILoop/run(_:)``.
public enum LoopControl: Hashable, Sendable {
    case keepRunning, quit
}
