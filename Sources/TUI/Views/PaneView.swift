/// A view: a value holding exactly what it draws (so equality is its dirty check) that draws into a canvas.
protocol PaneView: Equatable {
    func draw(on canvas: any Canvas)
}

extension PaneView {
    /// True when `other` is a view of the same type with an equal value: the dirty check. (A cast
    /// to the concrete type, not `AnyHashable`, whose first use per view type looks up
    /// conformances: about 1 ms of the first paint.)
    func isEqual(to other: any PaneView) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

/// Where a view lives on screen; each slot owns one ncurses window.
enum PaneSlot: Int, Hashable, CaseIterable {
    case header, list, divider, playerTitle, video, slider, status, message, signIn, tooSmall, timeline, montage, overlay
}

/// One view placed on the screen.
struct Pane {
    let slot: PaneSlot
    let rect: Rect
    let view: any PaneView

    /// True when `other` draws the same thing in the same place: the dirty check.
    func drawsLike(_ other: Pane) -> Bool {
        rect == other.rect && view.isEqual(to: other.view)
    }
}
