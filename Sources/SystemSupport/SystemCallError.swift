import Glibc

/// A system call failed: names the call and the reason (`strerror`).
///
/// ```swift
/// do { _ = try SelfPipe() } catch { print(error) }   // "pipe failed: Too many open files"
/// ```
public struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call that failed, e.g. `pipe`.
    public let call: String
    /// `errno` right after the call.
    public let code: Int32

    /// Captures `errno` for `call`; create it right after the failing call.
    public init(_ call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    public var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}
