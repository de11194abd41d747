import EventsAPI
import Foundation

/// One export of one event: the use case behind `eventplayer export` and the TUI's `e`. It picks
/// the format and the destination (`-o`, else `export-dir`, else the current directory), applies
/// the one overwrite rule (``ExportDestination/checkFree(force:)``), runs ``EventExporter`` and
/// says what happens with ``ExportMessages``, in the front end's words (``ExportWording``). The
/// front end only presents the reports: the CLI prints them, the TUI posts them to its inbox.
///
/// ```swift
/// let request = EventExport.Request(event: event, output: "clips/", format: .mp4)
/// let outcome = try await EventExport.run(request, services: services, wording: .commandLine) { report in
///     if case .starting(let start) = report { start.lines.forEach { print($0) } }
/// }
/// ```
public enum EventExport {
    /// What to export and where.
    public struct Request: Sendable {
        public var event: Event
        /// `-o`: a file, a directory for the default name, or `-` (standard output); nil for
        /// `export-dir` (created when missing), else the current directory.
        public var output: String?
        /// nil: the source's container, or the `-o` file's extension.
        public var format: ExportFormat?
        /// Replace a regular file under the final name (the TUI never does).
        public var force: Bool

        public init(event: Event, output: String? = nil, format: ExportFormat? = nil, force: Bool = false) {
            self.event = event
            self.output = output
            self.format = format
            self.force = force
        }
    }

    /// What the export is doing, in this order: ``starting(_:)`` once, ``progress(_:)`` as pieces
    /// are written, then ``saved(_:message:)``, or ``interrupted(message:)`` when cancelled.
    /// Failures before or during the download are thrown (``ExportError`` and others).
    public enum Report: Sendable, Equatable {
        case starting(Start)
        case progress(ExportProgress)
        /// Under its final name; `message` says where, how big and how long.
        case saved(EventExporter.Outcome, message: String)
        /// Cancelled: `message` says what was kept and how to resume.
        case interrupted(message: String)
    }

    /// Planned, checked, about to download.
    public struct Start: Sendable, Equatable {
        public var eventID: String
        public var destination: ExportDestination
        /// The event is still recording: what exists now is exported.
        public var isPartial: Bool
        /// What is exported, where, and how much an earlier run already downloaded.
        public var lines: [String]
    }

    /// Runs the export, reporting to `report` as it goes; returns how it went.
    /// - Throws: ``ExportError`` (read its message in the front end's ``ExportWording``), network
    ///   and events errors, and `CancellationError` when cancelled (after reporting ``Report/interrupted(message:)``
    ///   once the download began; the `.part` stays).
    @discardableResult
    public static func run(_ request: Request, services: AppServices, wording: ExportWording,
                           report: @Sendable (Report) -> Void) async throws -> EventExporter.Outcome {
        let event = request.event
        let exporter = try EventExporter(services: services)
        let format = request.format ?? request.output.flatMap { ExportFormat(pathExtension: URL(filePath: $0).pathExtension) }
        let plan = try await exporter.plan(for: event, format: format)
        if request.output == "-", plan.needsRemux {
            throw ExportError(ExportMessages.cannotStream(plan))
        }
        let destination = try destination(for: request, plan: plan, config: services.config)
        try destination.checkFree(force: request.force)
        let lines = ExportMessages.starting(plan, event: event, destination: destination,
                                            resume: exporter.resumePoint(plan, at: destination))
        report(.starting(Start(eventID: event.id, destination: destination, isPartial: plan.isPartial, lines: lines)))
        do {
            let outcome = try await exporter.run(plan, event: event, to: destination, force: request.force) { report(.progress($0)) }
            report(.saved(outcome, message: ExportMessages.done(plan, event: event, outcome: outcome, wording: wording)))
            return outcome
        } catch is CancellationError {
            let kept = exporter.resumePoint(plan, at: destination)
            report(.interrupted(message: ExportMessages.interrupted(plan, kept: kept, destination: destination, wording: wording)))
            throw CancellationError()
        }
    }

    /// Where `request` goes: `-o`, else `export-dir` (created when missing), else the current
    /// directory; a directory gets the default name (camera and start time).
    static func destination(for request: Request, plan: ExportPlan, config: AppConfig) throws -> ExportDestination {
        let event = request.event
        let name = ExportNaming.defaultName(camera: event.cameraName, start: event.startTime, format: plan.output)
        let output = try request.output ?? config.exportDir.map { _ in try config.createdExportDirectory().path + "/" }
        return ExportDestination(output: output, defaultName: name)
    }
}
