import EventsAPI
import SystemSupport
import TUI

/// The one way a camera's health is written for the terminal (the `c` picker, the timeline's
/// lanes, a live tile's title): `● 5 fps` while it sends pictures (`● 0.5 fps` below one a
/// second; `● online`, or the server's own word, when it gives no rate), `offline` when it sends
/// nothing, `disabled` when it is switched off on the server. The server's word is escaped
/// (``TerminalText``) and cut short.
///
/// ```swift
/// CameraHealthText.badge(CameraHealth(camera: "garage", isOnline: true, captureFPS: 4.9)).text   // "● 5 fps"
/// CameraHealthText.title("Front Door", health: offline)                                        // "Front Door · offline"
/// ```
public enum CameraHealthText {
    /// The longest server word shown.
    static let maxStatus = 16

    /// `health` as a badge; `isEnabled` false (the server's camera list says it is switched off)
    /// makes a camera that sends nothing `disabled` rather than `offline`.
    public static func badge(_ health: CameraHealth, isEnabled: Bool = true) -> CameraHealthBadge {
        guard health.isOnline else {
            return CameraHealthBadge(text: isEnabled ? "offline" : "disabled", state: isEnabled ? .offline : .disabled)
        }
        if let fps = health.captureFPS, fps > 0 { return CameraHealthBadge(text: "● \(rate(fps)) fps", state: .online) }
        let word = health.status.map { String(TerminalText.printable($0).prefix(maxStatus)) }.flatMap { $0.isEmpty ? nil : $0 }
        return CameraHealthBadge(text: "● " + (word ?? "online"), state: .online)
    }

    /// A tile's (or any one line's) title: the camera's name, then its health when known.
    public static func title(_ name: String, health: CameraHealth?, isEnabled: Bool = true) -> String {
        let shown = TerminalText.printable(name)
        guard let health else { return shown }
        return shown + " · " + badge(health, isEnabled: isEnabled).text
    }

    /// Frames a second as shown: whole numbers from 1 up, one decimal below.
    static func rate(_ fps: Double) -> String {
        fps >= 0.95 ? fps.fixed(0) : fps.fixed(1)
    }
}
