/// The loop's side of a montage's pictures: one ``TerminalVideo`` per tile (made on first use,
/// kept for the session, following the main pane's drawing mode), placed at the tiles' video
/// rectangles after each ncurses update; a tile whose picture goes or moves makes ncurses draw
/// the whole screen again, as the main pane does.
extension UILoop {
    /// The video of tile `index` (0-based) of a montage: frames for it go to its ``TerminalVideo/show(_:)``,
    /// at its ``TerminalVideo/geometry``.
    public func tileVideo(_ index: Int) -> TerminalVideo {
        while tileVideos.count <= index {
            tileVideos.append(video.sibling(paneID: 2 + tileVideos.count))
        }
        return tileVideos[index]
    }

    /// The picture size tile `index` of a montage of `count` tiles will have on this terminal now
    /// (a tile's player is set up before its pane is placed: its stream's variant is chosen by it).
    public func tileGeometry(_ index: Int, of count: Int) -> VideoGeometry {
        let tiles = MontageLayout.tiles(count: count, in: MontageLayout.body(columns: layout.columns, rows: layout.rows))
        return tileVideo(index).geometry(pane: index < tiles.count ? tiles[index].video : .zero)
    }

    /// Where each tile's picture is for `screen` (empty without a montage, or on a screen too small).
    func tileVideoRects(_ screen: ScreenSnapshot) -> [Rect] {
        guard let montage = screen.montage, layout.tooSmall == nil, screen.signIn == nil else { return [] }
        return MontageLayout.tiles(count: montage.tiles.count, in: MontageLayout.body(columns: layout.columns, rows: layout.rows))
            .map(\.video)
    }

    /// Before ncurses draws: a tile picture that goes or moves is not ncurses' to erase.
    func eraseTilesIfGone(_ screen: ScreenSnapshot) {
        let rects = tileVideoRects(screen)
        let shown = zip(rects, screen.montage?.tiles ?? []).map { $1.showsVideo ? $0 : Rect.zero }
        let moved = tileVideos.reduce(false) { $0 || $1.takePictureMoved() }   // all taken, not the first alone
        if moved || (!tilesShowingVideo.isEmpty && tilesShowingVideo != shown && tilesShowingVideo.contains(where: { !$0.isEmpty })) {
            terminal.screen.invalidate()
        }
        tilesShowingVideo = shown.contains(where: { !$0.isEmpty }) ? shown : []
    }

    /// After ncurses drew: each tile's pane at its place, visible when it shows video and nothing covers it.
    func placeTileVideos(_ screen: ScreenSnapshot) {
        let rects = tileVideoRects(screen)
        let covered = screen.overlay != nil || screen.picker != nil
        for (index, tileVideo) in tileVideos.enumerated() {
            // A pane may write its whole picture now (a repaint): nothing of another may be half written.
            tileVideos.forEach { $0.finishPending() }
            tileVideo.follow(video)
            let tile = index < rects.count ? screen.montage?.tiles[index] : nil
            let rect = index < rects.count ? rects[index] : .zero
            let drewOver = terminal.screen.stagedRects.contains { $0.intersects(rect) }
            tileVideo.place(rect: rect, visible: tile?.showsVideo == true && !covered, ncursesDrewOver: drewOver)
        }
    }
}
