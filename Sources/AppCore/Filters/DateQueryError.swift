/// Text that ``DateQuery`` cannot read; the message lists what it accepts.
///
/// ```swift
/// do { _ = try DateQuery("next friday") } catch { print(error) }
/// // cannot read "next friday" as a date: use 2026-11-20 14:00, yesterday 18:00, 14:00, or -2h
/// ```
public struct DateQueryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was typed.
    public let text: String

    public var description: String {
        "cannot read \"\(text)\" as a date: use 2026-11-20 14:00, yesterday 18:00, 14:00, or -2h"
    }
}
