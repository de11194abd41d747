import AppCore
import TUI

/// The `N` picker: the servers the TUI can switch to without quitting (``KnownServer``: the
/// config file's profiles, the other servers signed in to, the embedded demo backend), opening
/// on the one shown now. Titles come escaped from ``AppServices/knownServers()``.
///
/// ```swift
/// let picker = ServerPicker(servers: services.knownServers())
/// picker.selectedIndex     // the server shown now
/// picker.choice            // the selected row's server
/// ```
struct ServerPicker: Sendable, Equatable {
    let servers: [KnownServer]
    var selectedIndex: Int

    init(servers: [KnownServer]) {
        self.servers = servers
        selectedIndex = servers.firstIndex(where: \.isCurrent) ?? 0
    }

    var count: Int { servers.count }

    var choice: KnownServer { servers[max(0, min(selectedIndex, servers.count - 1))] }

    var snapshot: PickerSnapshot {
        PickerSnapshot(title: "Server (Enter switches, Esc stays)", items: servers.map(\.title), selectedIndex: selectedIndex,
                       currentIndex: servers.firstIndex(where: \.isCurrent))
    }
}

extension ServerPicker: Picking {}
