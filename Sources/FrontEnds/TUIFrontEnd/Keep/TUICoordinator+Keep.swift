import AppCore
import EventsAPI
import TUIState

extension TUICoordinator {
    /// Keeps events past the server's retention (or lets them go) on the server; the answer comes
    /// back as ``AppInput/keptSet(ids:kept:)`` or ``AppInput/keepFailed(ids:kept:message:)``.
    func setKept(ids: [String], kept: Bool) {
        let inbox = inbox, backend = services.backend
        Task {
            do {
                try await backend.setKept(ids, kept: kept)
                inbox.post(.keptSet(ids: ids, kept: kept))
            } catch {
                inbox.post(.keepFailed(ids: ids, kept: kept, message: UserFacing.message(for: error)))
            }
        }
    }
}
