import AppCore
import EventsAPI
import Foundation
import SystemSupport
import TUIState

/// The `e` effect: ``EventExporter`` in a task (the same network pipeline as playback) while the UI
/// loop goes on; it posts ``ExportUpdate``s through the inbox. Never overwrites: a file already under
/// the final name is a message. Quitting cancels the task between reads; the `.part` and its journal
/// stay, and the next export of that event (`e` or `eventplayer export`) resumes them.
extension TUICoordinator {
    func startExport(_ event: Event) {
        let services = services, inbox = inbox
        exportTask = Task {
            do {
                try await TUICoordinator.export(event, services: services, inbox: inbox)
            } catch {
                // Cancelled: quitting; the .part stays for the next run.
                guard !Task.isCancelled, (error as? CancellationError) == nil else { return }
                inbox.post(.export(.failed(message: TUICoordinator.exportMessage(error))))
            }
        }
    }

    private static func export(_ event: Event, services: AppServices, inbox: Mailbox<AppInput>) async throws {
        let exporter = try EventExporter(services: services)
        let plan = try await exporter.plan(for: event, format: nil)
        let name = ExportNaming.defaultName(camera: event.cameraName, start: event.startTime, format: plan.output)
        let destination = ExportDestination(final: try services.config.createdExportDirectory().appending(path: name))
        if FileManager.default.fileExists(atPath: destination.final.path) {
            throw ExportError("\(destination.final.path) exists already; move or delete it to export \(event.id) again")
        }
        inbox.post(.export(.started(eventID: event.id, file: destination.final.path, isPartial: plan.isPartial)))
        let relay = ExportProgressRelay { inbox.post(.export(.progress($0))) }
        let outcome = try await exporter.run(plan, event: event, to: destination, force: false, progress: relay.offer)
        inbox.post(.export(.finished(file: outcome.file.path, bytes: outcome.bytes)))
    }

    /// The exporter's message for the TUI: its advice to rerun a command becomes the key.
    static func exportMessage(_ error: any Error) -> String {
        UserFacing.message(for: error)
            .replacingOccurrences(of: "run the same command again to resume", with: "press e on it again to resume")
            .replacingOccurrences(of: "pass --force to overwrite it, or -o another path", with: "move or delete it to export again")
    }
}
