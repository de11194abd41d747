import Foundation

/// How a front end names what the user does next: the only words in which the export messages of
/// `eventplayer export` and of the TUI's `e` differ (one says "run the same command again", the
/// other "press e on it again"). Every message is built once, in ``ExportMessages`` and
/// ``ExportError``, with these words put in.
///
/// ```swift
/// ExportWording.commandLine.advice(.resume)   // "run the same command again to resume"
/// ExportWording.terminalUI.advice(.resume)    // "press e on it again to resume"
/// ```
public struct ExportWording: Sendable, Equatable {
    /// ``ExportRemedy/resume``.
    public var resume: String
    /// ``ExportRemedy/overwrite``.
    public var overwrite: String
    /// ``ExportRemedy/neverReplaced``.
    public var neverReplaced: String
    /// ``ExportRemedy/busy``.
    public var busy: String
    /// After saving what a still-recording event has so far: how to get the rest.
    public var rest: String

    public init(resume: String, overwrite: String, neverReplaced: String, busy: String, rest: String) {
        self.resume = resume
        self.overwrite = overwrite
        self.neverReplaced = neverReplaced
        self.busy = busy
        self.rest = rest
    }

    /// `eventplayer export`: flags (`--force`, `-o`) and running the command again.
    public static let commandLine = ExportWording(
        resume: "run the same command again to resume",
        overwrite: "pass --force to overwrite it, or -o another path",
        neverReplaced: "--force replaces regular files only; -o another path",
        busy: "wait for it or -o another path",
        rest: "export it again later with --force for the rest")

    /// The TUI's `e`: the key, and the file itself (`e` never overwrites).
    public static let terminalUI = ExportWording(
        resume: "press e on it again to resume",
        overwrite: "move or delete it to export again",
        neverReplaced: "move or delete it to export again",
        busy: "wait for it",
        rest: "move it and press e on it again later for the rest")

    /// The words for `remedy`.
    public func advice(_ remedy: ExportRemedy) -> String {
        switch remedy {
        case .resume: resume
        case .overwrite: overwrite
        case .neverReplaced: neverReplaced
        case .busy: busy
        }
    }

    /// `error` as one sentence to show (``UserFacing``), an ``ExportError``'s advice in these words.
    public func message(for error: any Error) -> String {
        guard let error = error as? ExportError else { return UserFacing.message(for: error) }
        return UserFacing.sentence(UserFacing.shown(error.message(in: self)))
    }
}
