/// Decides which views redraw: a view redraws when its value or rect changed, everything redraws
/// after ``invalidate()`` (resize, resume) or when a view disappeared (its area must be repainted),
/// and an overlay is restaged whenever anything under it was.
struct DirtyTracker {
    private var shown: [PaneSlot: Pane] = [:]

    /// What to do with each pane this turn, in drawing order.
    enum Work: Equatable {
        case skip
        /// Draw the view anew.
        case draw
        /// Unchanged overlay over redrawn views: stage it again without drawing.
        case restage
    }

    mutating func plan(_ panes: [Pane]) -> [Work] {
        let slots = Set(panes.map(\.slot))
        if shown.keys.contains(where: { !slots.contains($0) }) { shown = [:] }
        var drewAny = false
        return panes.map { pane in
            if shown[pane.slot].map({ !$0.drawsLike(pane) }) ?? true {
                shown[pane.slot] = pane
                drewAny = true
                return .draw
            }
            return pane.slot == .overlay && drewAny ? .restage : .skip
        }
    }

    /// Forget everything: the next plan draws all views.
    mutating func invalidate() {
        shown = [:]
    }
}
