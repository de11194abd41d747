/// Keys as actions for the current screen, as a pure function (plus the TUI's own view state):
/// overlays scroll with the navigation keys, list navigation resolves to ``UserAction/select(index:)``.
enum KeyRouting {
    static func action(for key: Key, screen: ScreenSnapshot, keyMap: KeyMap, layout: ScreenLayout,
                       viewState: inout ViewState) -> UserAction? {
        if layout.tooSmall != nil {
            return keyMap.binding(for: key, in: .global).map(\.action)
        }
        if screen.overlay != nil, screen.signIn == nil {
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
        let context = KeyContext.current(for: screen)
        guard let action = keyMap.action(for: key, in: context) else { return nil }
        if isNavigation(action) {
            return ListViewport.resolve(action, selected: screen.list.selectedIndex, count: screen.list.rows.count,
                                        pageSize: layout.listPageSize).map { .select(index: $0) }
        }
        return action
    }

    static func isNavigation(_ action: UserAction) -> Bool {
        switch action {
        case .moveUp, .moveDown, .pageUp, .pageDown, .moveToFirst, .moveToLast: true
        default: false
        }
    }
}
