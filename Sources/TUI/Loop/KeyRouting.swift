/// Keys as actions in the route the model published (``ScreenSnapshot/route``), as a pure function
/// (plus the TUI's own view state): overlays scroll with the navigation keys, list and picker
/// navigation resolves to ``UserAction/select(index:)``.
enum KeyRouting {
    static func action(for key: Key, screen: ScreenSnapshot, keyMap: KeyMap, layout: ScreenLayout,
                       viewState: inout ViewState) -> UserAction? {
        // A terminal too small to draw in takes only the global keys (quit); else the model's route.
        let route = layout.tooSmall != nil ? .context(.global) : screen.route
        switch route {
        case .overlay:
            return overlayAction(for: key, keyMap: keyMap, layout: layout, viewState: &viewState)
        case .picker:
            return pickerAction(for: key, picker: screen.picker, keyMap: keyMap)
        case .context(let context):
            guard let action = keyMap.action(for: key, in: context) else { return nil }
            if isNavigation(action) {
                return ListViewport.resolve(action, selected: screen.list.selectedIndex, count: screen.list.rows.count,
                                            pageSize: layout.listPageSize).map { .select(index: $0) }
            }
            return action
        }
    }

    /// An overlay: the navigation keys scroll it (the TUI's own view state), the global keys work.
    static func overlayAction(for key: Key, keyMap: KeyMap, layout: ScreenLayout, viewState: inout ViewState) -> UserAction? {
        guard let navigation = keyMap.binding(for: key, in: .list)?.action, isNavigation(navigation) else {
            return keyMap.binding(for: key, in: .global).map(\.action)
        }
        let page = OverlayView.pageSize(height: ScreenComposer.overlayRect(layout).height)
        viewState.overlayScroll = switch navigation {
        case .moveUp: viewState.overlayScroll - 1
        case .moveDown: viewState.overlayScroll + 1
        case .pageUp: viewState.overlayScroll - max(1, page - 1)
        case .pageDown: viewState.overlayScroll + max(1, page - 1)
        case .moveToFirst: 0
        default: Int(Int32.max)
        }
        viewState.overlayScroll = max(0, viewState.overlayScroll)
        return nil
    }

    /// The picker: list navigation resolves to ``UserAction/select(index:)`` over its items;
    /// the prompt keys (Enter, Esc) pick and close; global keys (Ctrl-C, Esc) still work.
    static func pickerAction(for key: Key, picker: PickerSnapshot?, keyMap: KeyMap) -> UserAction? {
        if let navigation = keyMap.binding(for: key, in: .list)?.action, isNavigation(navigation) {
            return ListViewport.resolve(navigation, selected: picker?.selectedIndex ?? 0, count: picker?.items.count ?? 0,
                                        pageSize: 10).map { .select(index: $0) }
        }
        if let action = keyMap.binding(for: key, in: .filter)?.action, action == .submit || action == .cancel { return action }
        return keyMap.binding(for: key, in: .global).map(\.action)
    }

    static func isNavigation(_ action: UserAction) -> Bool {
        switch action {
        case .moveUp, .moveDown, .pageUp, .pageDown, .moveToFirst, .moveToLast: true
        default: false
        }
    }
}
