/// An export could not be done: what went wrong, and what the user can do next (a
/// ``ExportRemedy``, which each front end names in its own words, ``ExportWording``).
///
/// ```swift
/// let error = ExportError("/tmp/Garage_2026-11-20_14-02-05.ts exists", remedy: .overwrite)
/// error.message(in: .commandLine)  // "… exists: pass --force to overwrite it, or -o another path"
/// error.message(in: .terminalUI)   // "… exists: move or delete it to export again"
/// ```
public struct ExportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, without advice on what to do next.
    public let problem: String
    /// What the user can do next; nil when ``problem`` says it all.
    public let remedy: ExportRemedy?

    public init(_ problem: String, remedy: ExportRemedy? = nil) {
        self.problem = problem
        self.remedy = remedy
    }

    /// The message with the advice in `wording`'s words.
    public func message(in wording: ExportWording) -> String {
        guard let remedy else { return problem }
        return problem + remedy.separator + wording.advice(remedy)
    }

    /// The same error about `prefix` (e.g. "cannot export evt-1: "), keeping the remedy.
    public func prefixed(_ prefix: String) -> ExportError {
        ExportError(prefix + problem, remedy: remedy)
    }

    /// The command line's message (what `eventplayer export` prints).
    public var description: String { message(in: .commandLine) }
}

/// What the user can do after an export stopped or was refused.
public enum ExportRemedy: Sendable, Equatable {
    /// The `.part` is kept: the same export again resumes it.
    case resume
    /// A regular file is under the final name.
    case overwrite
    /// Something that is not a regular file is under the final name: it is never replaced.
    case neverReplaced
    /// Another eventplayer is writing the same file.
    case busy

    /// Between the problem and the advice.
    var separator: String {
        switch self {
        case .resume, .busy: "; "
        case .overwrite, .neverReplaced: ": "
        }
    }
}
