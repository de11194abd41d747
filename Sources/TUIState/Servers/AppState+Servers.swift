import AppCore
import TUI

extension AppState {
    /// `N`: the server picker, when there is another server to go to; else the message says how
    /// to add one.
    mutating func openServerPicker(now: ContinuousClock.Instant) -> [AppEffect] {
        guard session.servers.contains(where: { !$0.isCurrent }) else {
            show("No other server: sign in to one (eventplayer login --server URL) or name it in config.toml's [profiles.NAME]", now: now)
            return []
        }
        mode = .serverPicker(ServerPicker(servers: session.servers), over: scene)
        return []
    }

    /// The `N` picker's keys (``Picking``): another server ends this session of the TUI and
    /// starts one on it (the terminal stays); the one shown now just closes the picker.
    mutating func applyToServerPicker(_ action: UserAction) -> [AppEffect] {
        guard case .serverPicker(var picker, _) = mode else { return [] }
        switch picker.reduce(action) {
        case .stays:
            mode = .serverPicker(picker, over: scene)
            return []
        case .closed:
            closeToScene()
            return []
        case .chose(let server):
            closeToScene()
            return server.isCurrent ? [] : [.switchServer(server.target)]
        }
    }
}
