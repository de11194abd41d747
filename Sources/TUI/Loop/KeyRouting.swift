/// Keys as actions for the current screen, as a pure function (plus the TUI's own view state):
/// overlays scroll with the navigation keys, list navigation resolves to ``UserAction/select(index:)``.
enum KeyRouting {
    static func action(for key: Key, screen: ScreenSnapshot, keyMap: KeyMap, layout: ScreenLayout,
                       viewState: inout ViewState) -> UserAction? {
        if layout.tooSmall != nil {
            return keyMap.binding(for: key, in: .global).map(\.action)
        }
        // The overlay layer, then a picker, then the context the model published.
        if screen.overlay != nil {
            if let navigation = keyMap.binding(for: key, in: .list)?.action, isNavigation(navigation) {
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
            return keyMap.binding(for: key, in: .global).map(\.action)
        }
        if let picker = screen.picker {
            return pickerAction(for: key, picker: picker, keyMap: keyMap)
        }
        guard let action = keyMap.action(for: key, in: screen.keyContext) else { return nil }
        if isNavigation(action) {
            return ListViewport.resolve(action, selected: screen.list.selectedIndex, count: screen.list.rows.count,
                                        pageSize: layout.listPageSize).map { .select(index: $0) }
        }
        return action
    }

    /// The picker: list navigation resolves to ``UserAction/select(index:)`` over its items;
    /// the prompt keys (Enter, Esc) pick and close; global keys (Ctrl-C, Esc) still work.
    static func pickerAction(for key: Key, picker: PickerSnapshot, keyMap: KeyMap) -> UserAction? {
        if let navigation = keyMap.binding(for: key, in: .list)?.action, isNavigation(navigation) {
            return ListViewport.resolve(navigation, selected: picker.selectedIndex, count: picker.items.count,
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
