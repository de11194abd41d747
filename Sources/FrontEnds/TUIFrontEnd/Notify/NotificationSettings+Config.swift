import AppCore
import Foundation
import TUI

extension NotificationSettings {
    /// The loop's notification settings from config.toml (`notify`, `notify-method`): nil when
    /// `notify = none`. Inside tmux, tmux is asked once, in the background, whether it passes
    /// escape sequences through (only when a method other than the bell may be used).
    static func from(_ config: AppConfig, environment: [String: String] = ProcessInfo.processInfo.environment) -> NotificationSettings? {
        guard config.notify != NotifyLevel.none else { return nil }
        let preferred: NotificationMethod? = switch config.notifyMethod ?? .auto {
        case .auto: nil
        case .osc9: .osc9
        case .osc777: .osc777
        case .bell: .bell
        }
        let asksTmux = preferred != .bell && !(environment["TMUX"] ?? "").isEmpty
        return NotificationSettings(preferred: preferred, environment: environment,
                                    passthrough: asksTmux ? TmuxPassthrough.ask(environment: environment) : TmuxPassthrough(isOn: false))
    }
}
