/// View state the TUI keeps between turns (like tig's view offsets): list scroll and overlay scroll.
struct ViewState: Hashable {
    var listTop = 0
    /// The event at ``listTop``: rows inserted above it (the list follows the server) keep it
    /// where it was on the screen, unless the list was scrolled to its top.
    var listTopID: String?
    var overlayScroll = 0
}

/// Turns a snapshot and a layout into the panes to draw, in drawing order (overlay last).
enum ScreenComposer {
    static func panes(_ screen: ScreenSnapshot, layout: ScreenLayout, keyMap: KeyMap, state: inout ViewState) -> [Pane] {
        if let tooSmall = layout.tooSmall {
            return [Pane(slot: .tooSmall, rect: tooSmall, view: TooSmallView(columns: layout.columns, rows: layout.rows))]
        }
        if layout.isFullPane { return fullPane(screen, layout: layout, keyMap: keyMap, state: &state) }
        var panes = [Pane(slot: .header, rect: layout.header, view: HeaderView(header: screen.header))]
        if let form = screen.signIn {
            let body = Rect(x: 0, y: 1, width: layout.columns, height: layout.rows - 1)
            panes.append(Pane(slot: .signIn, rect: body, view: SignInView(form: form)))
            return panes
        }
        if let montage = screen.montage {
            let body = MontageLayout.body(columns: layout.columns, rows: layout.rows)
            let tiles = MontageLayout.tiles(count: montage.tiles.count, in: body).map {
                MontageLayout.Tile(title: $0.title.offsetBy(dy: -body.y), video: $0.video.offsetBy(dy: -body.y))
            }
            panes.append(Pane(slot: .montage, rect: body, view: MontageView(tiles: montage.tiles, places: tiles)))
            panes.append(Pane(slot: .slider, rect: MontageLayout.slider(columns: layout.columns, rows: layout.rows),
                              view: MontageSliderView(montage: montage)))
            panes.append(statusPane(screen, layout: layout, keyMap: keyMap))
            panes.append(messagePane(screen, layout: layout, keyMap: keyMap, showsListFilter: false))
            return panes + overlayPanes(screen, layout: layout, keyMap: keyMap, state: &state)
        }
        if let timeline = screen.timelineView {
            let body = Rect(x: 0, y: 1, width: layout.columns, height: layout.rows - 3)
            panes.append(Pane(slot: .timeline, rect: body, view: TimelineView(timeline: timeline)))
            panes.append(statusPane(screen, layout: layout, keyMap: keyMap))
            panes.append(messagePane(screen, layout: layout, keyMap: keyMap, showsListFilter: false))
            return panes + overlayPanes(screen, layout: layout, keyMap: keyMap, state: &state)
        }
        let list = screen.list
        let count = list.rows.count
        let selected = count == 0 ? 0 : min(max(0, list.selectedIndex), count - 1)
        let page = layout.listPageSize
        if state.listTop > 0, state.listTop < count, let anchor = state.listTopID, list.rows[state.listTop].id != anchor,
           let moved = list.rows.firstIndex(where: { $0.id == anchor }) {
            state.listTop = moved
        }
        state.listTop = ListViewport.top(current: state.listTop, selected: selected, count: count, height: page)
        state.listTopID = count == 0 ? nil : list.rows[state.listTop].id
        let visible = count == 0 ? [] : Array(list.rows[state.listTop..<min(count, state.listTop + page)])
        panes.append(Pane(slot: .list, rect: layout.list, view: EventListView(
            visibleRows: visible, firstIndex: state.listTop, selectedIndex: selected, count: count,
            moreAvailable: list.moreAvailable, isLoading: list.isLoading, isFocused: screen.focus == .list,
            emptyText: list.emptyText, filterText: list.filterText)))
        if layout.isSideBySide {
            panes.append(Pane(slot: .divider, rect: layout.divider, view: DividerView(height: layout.divider.height)))
        }
        panes.append(Pane(slot: .playerTitle, rect: layout.playerTitle, view: PlayerTitleView(
            title: screen.player?.title ?? "", subtitle: screen.player?.subtitle ?? "", isFocused: screen.focus == .player)))
        panes.append(Pane(slot: .video, rect: layout.video, view: VideoPaneView(player: screen.player)))
        panes.append(Pane(slot: .slider, rect: layout.slider, view: SeekSliderView(player: screen.player)))
        panes.append(statusPane(screen, layout: layout, keyMap: keyMap))
        panes.append(messagePane(screen, layout: layout, keyMap: keyMap, showsListFilter: true))
        panes += overlayPanes(screen, layout: layout, keyMap: keyMap, state: &state)
        return panes
    }

    /// Full-pane video: the picture and the status line, with the overlays over them.
    private static func fullPane(_ screen: ScreenSnapshot, layout: ScreenLayout, keyMap: KeyMap, state: inout ViewState) -> [Pane] {
        [Pane(slot: .video, rect: layout.video, view: VideoPaneView(player: screen.player)),
         statusPane(screen, layout: layout, keyMap: keyMap)]
            + overlayPanes(screen, layout: layout, keyMap: keyMap, state: &state)
    }

    /// The bottom line: messages, errors, prompts, and the list's `/` filter where the list is
    /// shown (the timeline and the montage have no filter to show or edit).
    private static func messagePane(_ screen: ScreenSnapshot, layout: ScreenLayout, keyMap: KeyMap, showsListFilter: Bool) -> Pane {
        Pane(slot: .message, rect: layout.message, view: MessageLineView(
            isEditingFilter: showsListFilter && screen.list.isEditingFilter, filterText: showsListFilter ? screen.list.filterText : "",
            error: screen.error, message: screen.message,
            detailsKey: keyMap.keys(for: "request-log", in: .global).first?.symbol, prompt: screen.prompt))
    }

    /// The status bar with the hints of the current context.
    private static func statusPane(_ screen: ScreenSnapshot, layout: ScreenLayout, keyMap: KeyMap) -> Pane {
        let context = screen.route.context
        var hints = KeyHints.items(for: context, keyMap: keyMap)
        switch screen.route {
        case .overlay:
            let close = keyMap.keys(for: "back", in: .global).first?.symbol ?? "Esc"
            hints = ["↑/↓ PgUp/PgDn scroll", "\(close) close"]
        case .picker:
            hints = ["↑/↓ choose", "Enter pick", "Esc close"]
        case .context:
            if layout.isFullPane, let key = keyMap.keys(for: "full-pane", in: context).first?.symbol { hints = ["\(key) back"] + hints }
        }
        if let montage = screen.montage {
            return Pane(slot: .status, rect: layout.status, view: StatusBarView(texts: [montage.stateText] + montage.segments, hints: hints))
        }
        if let timeline = screen.timelineView {
            return Pane(slot: .status, rect: layout.status, view: StatusBarView(texts: timeline.statusSegments, hints: hints))
        }
        return Pane(slot: .status, rect: layout.status, view: StatusBarView(player: screen.player, hints: hints,
                                                                          exportText: screen.exportText,
                                                                          isAutoAdvance: screen.isAutoAdvance))
    }

    /// The camera picker or an overlay (help, request log), drawn last.
    private static func overlayPanes(_ screen: ScreenSnapshot, layout: ScreenLayout, keyMap: KeyMap, state: inout ViewState) -> [Pane] {
        var panes: [Pane] = []
        if let picker = screen.picker, screen.overlay == nil {
            panes.append(Pane(slot: .overlay, rect: PickerView.rect(for: picker, layout: layout), view: PickerView(picker: picker)))
        }
        if let overlay = screen.overlay {
            let rect = overlayRect(layout)
            let (title, lines) = switch overlay {
            case .help: ("Help: keys", HelpText.lines(keyMap: keyMap, width: rect.width - 4))
            case .requestLog: ("Request log", OverlayView.errorLines(screen.error, width: rect.width - 6)
                + (screen.montage.map { $0.syncLines + [""] } ?? [])
                + OverlayView.requestLogLines(rows: screen.requestLog, timeline: screen.timeline))
            case .details: ("Event", OverlayView.wrapped(screen.detailLines, width: rect.width - 4))
            }
            let page = OverlayView.pageSize(height: rect.height)
            state.overlayScroll = min(max(0, state.overlayScroll), max(0, lines.count - page))
            panes.append(Pane(slot: .overlay, rect: rect, view: OverlayView(title: title, lines: lines, scroll: state.overlayScroll)))
        }
        return panes
    }

    static func overlayRect(_ layout: ScreenLayout) -> Rect {
        let width = layout.columns <= 102 ? layout.columns : 100
        let height = layout.rows - 3   // the status bar stays visible below
        return Rect(x: (layout.columns - width) / 2, y: 1, width: width, height: height)
    }
}
