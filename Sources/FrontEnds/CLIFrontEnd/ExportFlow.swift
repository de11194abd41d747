import AppCore
import EventsAPI
import Foundation
import SystemSupport
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `eventplayer export <id>`: saves an event's video to one file with progress, resuming an
/// interrupted export; Ctrl-C, SIGTERM or SIGHUP stops cleanly
/// (exit 128 + the signal: 130, 143, 129) and says how to resume.
public enum ExportFlow {
    /// What to export and where.
    public struct Request: Sendable {
        public var eventID: String
        /// `-o`: a file, or a directory for the default name; nil for the current directory.
        public var output: String?
        /// `--format`; nil for the source's container (or the `-o` file's extension).
        public var format: ExportFormat?
        public var force: Bool

        public init(eventID: String, output: String? = nil, format: ExportFormat? = nil, force: Bool = false) {
            self.eventID = eventID
            self.output = output
            self.format = format
            self.force = force
        }
    }

    /// Runs the export; returns the exit status (0 done, 128 + the signal when interrupted: 130
    /// Ctrl-C, 143 SIGTERM, 129 SIGHUP). Errors are thrown (exit 1).
    public static func run(_ request: Request, services: AppServices) async throws -> Int32 {
        let toStandardOutput = request.output == "-"
        if toStandardOutput, isatty(STDOUT_FILENO) == 1 {
            throw ExportError("-o - writes the video to standard output, which is a terminal: redirect it (-o - > clip.ts, | ffplay -) or -o a file")
        }
        let printer = toStandardOutput ? ExportProgressPrinter.standardError() : ExportProgressPrinter()
        let interrupted = Flag()
        let work = Task { try await export(request, services: services, printer: printer) }
        let signal = Task {
            // Not cancellable: after the export the waiting thread simply ends with the process.
            guard let signal = try? await Signals.waitForTermination([SIGINT, SIGTERM, SIGHUP]), !Task.isCancelled else { return }
            interrupted.value.store(signal, ordering: .sequentiallyConsistent)
            work.cancel()
        }
        defer { signal.cancel() }
        do {
            try await work.value
            return 0
        } catch {
            // Ctrl-C before the download began ends whatever was waiting (event lookup, playlist).
            let signal = interrupted.value.load(ordering: .sequentiallyConsistent)
            guard error is CancellationError || signal != 0 else { throw error }
            if !(error is CancellationError) { printer.message("interrupted before the download began") }
            return 128 + (signal != 0 ? signal : SIGINT)
        }
    }

    /// The signal that interrupted the export, 0 while none has.
    final class Flag: Sendable {
        let value = Atomic<Int32>(0)
    }

    /// Finds the event and runs the export use case, printing its reports.
    static func export(_ request: Request, services: AppServices, printer: ExportProgressPrinter) async throws {
        let event = try await EventFinder.event(id: request.eventID, client: services.backend)
        let export = EventExport.Request(event: event, output: request.output, format: request.format, force: request.force)
        try await EventExport.run(export, services: services, wording: .commandLine) { report in
            switch report {
            case .starting(let start): start.lines.forEach(printer.message)
            case .progress(let progress): printer.show(progress)
            case .saved(_, let message), .interrupted(let message): printer.message(message)
            }
        }
    }
}
