import Foundation

/// The handle of a playback: made with the source as it is, as one timeline of a discontinuous
/// event's parts (see `PartTimeline`), or (fMP4 at a position) with a playlist that starts at
/// that position's segment (see `FragmentedPlaylist`); retired to the
/// background destroyer when the playback is replaced or stopped.
extension Player {
    /// Handles of replaced or stopped playbacks still being destroyed in the background
    /// (`mpv_terminate_destroy` not yet returned); 0 after ``shutdown()``.
    ///
    /// ```swift
    /// player.stop()            // returns at once
    /// player.pendingDestroys   // 1 until mpv's threads of that playback have exited
    /// ```
    public var pendingDestroys: Int { destroyer.pendingCount }

    /// Hands the current handle (if any) to the background destroyer; no mpv call reaches it after.
    func retireHandle() {
        handle?.retire(to: destroyer)
        handle = nil
    }

    /// Opens a handle for playback `id` and issues `loadfile`. `reload` (fMP4 only) reaches
    /// `start` through a trimmed playlist and a cache seek instead of mpv's `start`.
    func openHandle(_ id: PlaybackID, source: MediaSource, start: Double,
                    reload: (direction: PlaybackFacts.SeekDirection?, resume: Bool)?) throws {
        var url = source.url
        var start = start
        var overrides: [MPVOption] = []
        var trimFile: URL?
        if let playlist = fragmented, let reload {
            let trim = playlist.trimmed(at: start)
            if let trim {
                trimFile = try Self.write(trim.text, beside: source.url)
                url = trimFile ?? url
            }
            queue(reducer.reload(at: start, offset: trim?.offset ?? 0, direction: reload.direction, resume: reload.resume))
            // Media timestamps (the trimmed playlist does not start at 0), and no frame before the seek.
            overrides = [MPVOption(name: "rebase-start-time", value: "no"), MPVOption(name: "pause", value: "yes")]
            start = 0
        }
        var target = url.isFileURL ? url.path : url.absoluteString
        if let timeline = PartTimeline.url(for: source.parts) {
            target = timeline
            overrides.append(PartTimeline.demuxer)
        }
        do {
            let options = try MPVOptionPlan.options(
                for: source, configuration: configuration, start: start,
                muted: reducer.snapshot.muted, volume: reducer.snapshot.volume,
                speed: reducer.snapshot.speed, framing: reducer.snapshot.framing, overrides: overrides)
            let handle = try MPVHandle(
                playbackID: id, options: options, logLevel: configuration.logLevel,
                wakeupDescriptor: wakeup.writeFD)
            handle.ownedFile = trimFile
            try attachVideoRenderer(to: handle)
            handle.command(["loadfile", target, "replace"])
            self.handle = handle
        } catch {
            if let trimFile { try? FileManager.default.removeItem(at: trimFile) }
            throw error
        }
    }

    /// fMP4: a seek to `target` that mpv's cache cannot serve becomes a new handle of the same
    /// playback on a playlist starting at the target's segment.
    func reloadFragmented(at target: Double) {
        guard let source = reducer.snapshot.source, let id = reducer.snapshot.playbackID else { return }
        let from = snapshot.progress.position
        let resume = reducer.facts.reloadTarget != nil ? reducer.facts.resumeAfterReload : !reducer.facts.pause
        retireHandle()
        stalledSince = nil
        loadStart = .now  // the new handle's wait (timeline steps are measured once per playback)
        do {
            try openHandle(id, source: source, start: target, reload: (target >= from ? .forward : .backward, resume))
        } catch {
            queue(reducer.end(.couldNotStart(String(describing: error))))
        }
    }

    /// After each event: the cache seek that completes a reload, once its segment is in.
    func continueReload() {
        guard let handle, let seek = reducer.takeReloadSeek() else { return }
        handle.command(["seek", MPVOptionPlan.number(seek.target), "absolute"])
        if seek.resume { handle.set("pause", flag: false) }
    }

    /// Writes `text` as a 0600 file with an unpredictable name next to `url` (the private
    /// playlist directory, 0700): it carries the same tokens as the playlist it comes from.
    static func write(_ text: String, beside url: URL) throws -> URL {
        // A private playlist's own directory; for a remote one (the proxy's, URIs absolute) the
        // temporary directory.
        let directory = url.isFileURL ? url.deletingLastPathComponent() : FileManager.default.temporaryDirectory
        let file = directory.appending(path: "seek-\(UUID().uuidString).m3u8")
        guard FileManager.default.createFile(atPath: file.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw PlayerError(.system("write a playlist for the seek at \(file.path)", errno))
        }
        return file
    }
}
