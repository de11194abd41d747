import AppCore
import EventsAPI
import SystemSupport
import TUIState

/// The `e` effect: the export use case (``EventExport``, the same as `eventplayer export`, with the
/// same overwrite rule, never forced) in a task while the UI loop goes on; its reports reach
/// ``AppState`` as ``ExportUpdate``s through the inbox, its failures in the TUI's words
/// (``ExportWording/terminalUI``). Quitting cancels the task between reads; the `.part` and its
/// journal stay, and the next export of that event (`e` or `eventplayer export`) resumes them.
extension TUICoordinator {
    func startExport(_ event: Event) {
        let services = services, inbox = inbox
        exportTask = Task {
            await TUICoordinator.export(event, services: services, inbox: inbox)
        }
    }

    /// Exports `event` to `export-dir`, posting what happens to `inbox`; a cancellation (quitting)
    /// posts nothing more.
    static func export(_ event: Event, services: AppServices, inbox: Mailbox<AppInput>) async {
        let relay = ExportProgressRelay { inbox.post(.export(.progress($0))) }
        do {
            try await EventExport.run(EventExport.Request(event: event), services: services, wording: .terminalUI) { report in
                switch report {
                case .starting(let start):
                    inbox.post(.export(.started(eventID: start.eventID, file: start.destination.final.path, isPartial: start.isPartial)))
                case .progress(let progress): relay.offer(progress)
                case .saved(let outcome, _): inbox.post(.export(.finished(file: outcome.file.path, bytes: outcome.bytes)))
                case .interrupted: break    // quitting: the .part stays for the next run
                }
            }
        } catch {
            guard !Task.isCancelled, (error as? CancellationError) == nil else { return }
            inbox.post(.export(.failed(message: ExportWording.terminalUI.message(for: error))))
        }
    }
}
