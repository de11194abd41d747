/// A view: a value holding exactly what it draws (so equality is its dirty check) that draws into a canvas.
protocol PaneView: Hashable {
    func draw(on canvas: any Canvas)
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

    /// The dirty key: the view value (its model) plus where it goes.
    var key: AnyHashable { AnyHashable(PaneKey(rect: rect, view: AnyHashable(view))) }
}

private struct PaneKey: Hashable {
    let rect: Rect
    let view: AnyHashable
}
