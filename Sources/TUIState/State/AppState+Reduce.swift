import AppCore
import EventsAPI
import Foundation
import PlaybackStates
import Player
import SystemSupport
import TUI

extension AppState {
    /// Applies one input; returns the work for the coordinator, in order.
    public mutating func reduce(_ input: AppInput, now: ContinuousClock.Instant) -> [AppEffect] {
        var effects = reduceInput(input, now: now) + still.follow(stillCandidate, now: now)
            + follow.turn(list, filter: filters.eventFilter, isSignedIn: form == nil, now: now)
            + (health.reduce(.turn(isShown: isHealthShown), now: now) == .poll ? [.fetchCameraHealth] : [])
        playback?.expireDownloadRate(now: now)
        if var timeline {
            timeline.syncItems(reviewed: review.marks, filters: filters, unreviewedOnly: list.isUnreviewedOnly,
                               lanes: timelineCameras.count, date: Date())
            self.timeline = timeline
        }
        // A playback of an event the server scores (ZoneMinder) asks for its alarm frames too.
        for case .startPlayback(let event, _, _) in effects where event.score != nil { effects.append(.fetchDetails(event, coverage: false)) }
        return effects
    }

    private mutating func reduceInput(_ input: AppInput, now: ContinuousClock.Instant) -> [AppEffect] {
        switch input {
        case .action(let action): return apply(action, now: now)
        case .playback(let update): return apply(update, now: now)
        case .export(let update):
            export.apply(update, status: &status, now: now)
            return []
        case .tick:
            status.expire(now: now)
            playback?.countPreparing(now: now)
            return review.tick(now: now)   // a backoff that ran out sends the pending marks again
        case .stillReady(let eventID):
            still.loaded(eventID)
            return []
        case .stillFailed(let eventID):
            still.failed(eventID)
            return []
        case .videoMode(let text):
            player.videoModeText = text
            return []
        case .timelineLoaded(let events, let window, let generation):
            if timeline?.loaded(events, window: window, generation: generation, date: Date()) == true {
                catalogue.noteCameras(events)
            }
            return review.serverAnswered(now: now)   // the server answers: pending marks go now
        case .timelineFailed(let window, let message, let generation):
            timeline?.failed(window: window, message: message, generation: generation)
            return []
        case .camerasLoaded(let cameras, let groups):
            catalogue.serverCameras = cameras
            catalogue.serverGroups = groups
            catalogue.knownCameras.formUnion(cameras.map(\.name))
            return timeline?.loadCoverage(recording: catalogue.recordingCameras) ?? []
        case .timelineCoverage(let camera, let spans, _, let generation):
            timeline?.coverageLoaded(spans, camera: camera, generation: generation)
            return []
        case .recordingLoaded(let event, let startAt):   // Enter's recording plays if the timeline is still open
            guard case .scene(.timeline) = mode else { return [] }
            return startTimelinePlayback(event, startAt: startAt, date: Date(), now: now)
        case .recordingFailed(let message):
            status.error = "Cannot play the recording: \(message)"
            return []
        case .liveLoaded(let request, let event):
            // Dropped when another playback or `L` came since.
            guard request.id.rawValue == player.lastPlaybackID, let model = request.answered(event, status: &status) else { return [] }
            playback = model
            if !isFullPane { mode = .scene(.browse(Browse(focus: .player))) }
            return [.startPlayback(model.event, id: model.id, startAt: 0)]
        case .liveFailed(let request, let message):
            if request.id.rawValue == player.lastPlaybackID { request.failed(message, status: &status) }
            return []
        case .liveFrames(let frames):
            playback?.live?.frames = frames
            return []
        case .liveMontageFeeds(let feeds, let failures):
            return montage?.start(feeds: feeds, failures: failures, status: &status, now: now) ?? []
        case .montage(let snapshot):
            if case .montage(var model, let under) = mode {
                model.update(snapshot)
                mode = .montage(model, over: under)
            }
            return []
        case .montageEvents(let loaded):
            guard montage != nil else { return [] }
            catalogue.noteCameras(loaded)
            return [.addMontageEvents(loaded)]
        case .montageFailed(let text):
            guard montage != nil else { return [] }
            closeToScene()
            status.error = "Montage: \(text)"
            return [.stopMontage]
        case .filterValuesLoaded(let values):
            // The picker `o` or `z` asked for opens only over the list and the player: anything
            // else that took the screen meanwhile keeps it.
            guard let kind = catalogue.takeAwaitedPicker(), case .scene(let scene) = mode, !isTimelineShown,
                  let picker = filters.valuePicker(kind, offering: values, status: &status, now: now) else { return [] }
            mode = .valuePicker(picker, over: scene)
            return []
        case .filterValuesFailed(let text):
            catalogue.valuesFailed(text, status: &status, now: now)
            return []
        case .followed(let changes, let generation):
            return followed(changes, generation: generation, now: now)
        case .followFailed(let text):
            follow.apply(.failed(message: text), status: &status, now: now)   // backs off, says so once
            return []
        case .cameraHealthLoaded(let reports):
            _ = health.reduce(.answered(reports), now: now)   // nil: the server reports no health
            return []
        case .keptSet(let ids, let kept):
            let changed = setKept(Set(ids), kept)
            review.keep.answered(ids: ids, kept: kept, events: changed, status: &status, now: now)
            return []
        case .keepFailed(let ids, let kept, let text):
            review.keep.failed(ids: ids, kept: kept, message: text, status: &status)
            return []
        case .detailsLoaded(let details):
            if case .details(var view, let under) = mode, view.event.id == details.event.id {
                view.details = details
                mode = .details(view, over: under)
            }
            if playback?.event.id == details.event.id { playback?.alarms = details.alarms }
            return []
        case .searchLoaded(let found, let generation):   // the server search's answer is the list
            let selected = selectedEvent?.id
            guard list.searchLoaded(found, generation: generation, status: &status, now: now) else { return [] }
            eventsArrived(found.events)
            list.select(id: selected, in: visibleEvents)
            return []
        case .detailsFailed(let id, let text):
            if case .details(var view, let under) = mode, view.event.id == id {
                view.failure = text
                mode = .details(view, over: under)
            }
            return []
        case .cameraHealthFailed:
            _ = health.reduce(.failed, now: now)   // nothing said (the coordinator logs it); it backs off
            return []
        default: return applyCompletion(input, now: now)
        }
    }

    /// A user action, in the route's order (``keyRoute``): the sign-in form and the prompts take
    /// every key, then the overlay layer its own (help, request log, and Esc or q while one is
    /// open), then the mode: a picker, the montage, the timeline, else the list and the player.
    mutating func apply(_ action: UserAction, now: ContinuousClock.Instant) -> [AppEffect] {
        if action == .quit { return [.quit] }
        if action == .suspend { return playback == nil ? [] : [.player(.interrupt)] }
        if action == .resume { return playback == nil ? [] : [.player(.resume)] }
        switch keyRoute {
        case .context(.form):
            guard var form else { return [] }
            let effects = form.reduce(action)
            mode = .signIn(form)
            return effects
        case .context(.filter):
            if let question = keepConfirmation { return answerKeepConfirmation(question, action, now: now) }
            if let prompt = datePrompt { return applyToDatePrompt(prompt, action) }
            return applyToFilter(action)
        case .overlay, .picker, .context: break
        }
        if let effects = applyToOverlay(action) { return effects }
        switch mode {
        case .cameraPicker(let picker, _):   // a new choice reloads the list
            guard case .chose(let choice) = reduce(picker: picker, action, reopen: Mode.cameraPicker),
                  filters.take(choice) else { return [] }
            return beginRefresh()
        case .valuePicker(let picker, _):
            guard case .chose(let choice) = reduce(picker: picker, action, reopen: Mode.valuePicker),
                  filters.take(choice, from: picker) else { return [] }
            return beginRefresh()
        case .serverPicker(let picker, _):
            // Another server ends this session of the TUI and starts one on it (the terminal stays).
            guard case .chose(let server) = reduce(picker: picker, action, reopen: Mode.serverPicker) else { return [] }
            return server.isCurrent ? [] : [.switchServer(server.target)]
        case .montage: return applyToMontage(action, now: now)
        case .details:
            // The box scrolls in the TUI; Esc, q and i close it, the rest waits under it.
            if [.back, .quitOrBack, .showDetails].contains(action) { closeToScene() }
            return []
        case .scene(.timeline): if let effects = applyToTimeline(action, now: now) { return effects }
        default: break
        }
        return applyToScene(action, now: now)
    }

    /// The overlay layer: `?` and `d` open, switch or close it over any mode; Esc and q close an
    /// open one. Nil for the keys it leaves to the mode under it.
    private mutating func applyToOverlay(_ action: UserAction) -> [AppEffect]? {
        switch action {
        case .toggleHelp: overlay = overlay == .help ? nil : .help
        case .toggleRequestLog: overlay = overlay == .requestLog ? nil : .requestLog
        case .back, .quitOrBack:
            guard overlay != nil else { return nil }
            overlay = nil
        default: return nil
        }
        return []
    }

    /// The list and the player (side by side or full-pane), and what the timeline leaves to them.
    private mutating func applyToScene(_ action: UserAction, now: ContinuousClock.Instant) -> [AppEffect] {
        if playback?.live != nil, focus == .player || isFullPane, LiveView.needsRecording(action) {
            show("A live picture has no recording to seek in, slow down, step through or export", now: now)
            return []
        }
        if let effects = player.reduce(action, status: &status, now: now) { return effects }
        switch action {
        case .back: return back(isEscape: true) ?? []
        case .quitOrBack: return back(isEscape: false) ?? export.quit(status: &status, now: now)
        case .toggleFocus: updateBrowse { $0.focus = $0.focus == .list ? .player : .list }
        case .toggleTimeline: return toggleTimeline()
        case .startMontage: return openMontage(now: now)
        case .showLive: return showLive(now: now)
        case .focus(let target): updateBrowse { $0.focus = target }
        case .select(let index): return select(index)
        case .startFilter: mode = .filterEditing(over: scene)
        case .refresh: return beginRefresh()
        case .toggleFollow: follow.apply(.toggle, status: &status, now: now)
        case .jumpToDate, .pickCamera, .cycleSeverity, .pickLabel, .pickZone: return applyFilterKey(action, now: now)
        case .export: return export.start(keyedEvent, status: &status, now: now)
        case .toggleKept: return review.keep.toggle(keyedEvent, status: &status, now: now)
        case .keepShown:
            if let question = review.keep.confirmation(for: visibleEvents, status: &status, now: now) {
                mode = .keepConfirmation(question, over: scene)
            }
            return []
        case .showDetails:
            guard let event = keyedEvent else {
                show("No event to show: select one first", now: now)
                return []
            }
            mode = .details(EventDetailsView(event: event), over: scene)
            overlay = nil
            return [.fetchDetails(event, coverage: true)]
        case .pickServer:
            if let picker = session.picker(status: &status, now: now) { mode = .serverPicker(picker, over: scene) }
            return []
        case .play where focus == .list: return playSelected(now: now)
        case .nextEvent: return advance(.next, from: advanceAnchor, now: now)
        case .previousEvent: return advance(.previous, from: advanceAnchor, now: now)
        case .toggleAutoAdvance: review.toggleAutoAdvance(status: &status, now: now)
        case .toggleReviewed:   // the selected event in the list, the playing one in the player
            guard let event = keyedEvent else { return [] }
            let named = "\(event.cameraName) · \(event.title ?? event.id)"
            return setReviewed(event.id, review.toggled(event, named: named, status: &status, now: now), now: now)
        case .markShownReviewed:   // read the selection before: marked, it leaves unreviewed-only
            let selected = selectedEvent?.id
            guard let marked = review.markReviewed(visibleEvents, status: &status, now: now) else { return [] }
            list.keepUnderCursor(marked.ids, selected: selected)
            list.select(id: selected, in: visibleEvents)
            return marked.effects
        case .toggleUnreviewedOnly:
            return list.toggleUnreviewedOnly(marks: review.marks, status: &status, now: now) ? fetchMoreIfNear() : []
        case .toggleFullPane:
            guard player.isTerminalVideo else {
                show("Full-pane video needs terminal video (--video terminal)", now: now)
                return []
            }
            switch scene {
            case .browse(let browse): mode = .scene(.fullPane(browse)); overlay = nil
            case .fullPane(let browse): mode = .scene(.browse(browse))
            case .timeline: break
            }
        case .frameStep(let forward): return playback?.frameStep(forward: forward) ?? []
        case .saveSnapshot: return PlaybackModel.saveSnapshot(of: playback, status: &status, now: now)
        default: return playback?.reduce(action, player: &player, status: &status, now: now) ?? []
        }
        return []
    }

    /// `/` (``EventList/editFilter(_:marks:filter:)``): Enter, Tab and Esc close the line.
    private mutating func applyToFilter(_ action: UserAction) -> [AppEffect] {
        guard case .closed(let effects) = list.editFilter(action, marks: review.marks, filter: filters.eventFilter) else { return [] }
        closeToScene()
        return effects
    }

    /// `t`, `c`, `s`, `o` and `z` (``ListFilters/reduce(_:catalogue:onTimeline:noCamerasText:status:now:)``):
    /// a change reloads the list; a prompt or picker opens over the scene.
    private mutating func applyFilterKey(_ action: UserAction, now: ContinuousClock.Instant) -> [AppEffect] {
        switch filters.reduce(action, catalogue: catalogue, onTimeline: isTimelineShown, noCamerasText: list.noCamerasText,
                              status: &status, now: now) {
        case .stays: break
        case .changed: return beginRefresh()
        case .prompt(let prompt): mode = .datePrompt(prompt, over: scene)
        case .cameraPicker(let picker): mode = .cameraPicker(picker, over: scene)
        case .askValues(let kind):
            catalogue.awaitedPicker = kind
            return [.fetchFilterValues(cameras: filters.shownCameras)]
        }
        return []
    }

    /// The `t` prompt's keys (``DatePrompt/reduce(_:now:calendar:)``): a date moves the timeline's
    /// cursor when the timeline is shown (Enter on nothing: to now), else sets the list's time
    /// and reloads (Enter on nothing clears it).
    private mutating func applyToDatePrompt(_ prompt: DatePrompt, _ action: UserAction, date: Date = Date(),
                                            calendar: Calendar = .current) -> [AppEffect] {
        var prompt = prompt
        let answer = prompt.reduce(action, now: date, calendar: calendar)
        guard answer != .stays else {
            mode = .datePrompt(prompt, over: scene)
            return []
        }
        closeToScene()
        if isTimelineShown {
            guard let moment = answer.moment(now: date) else { return [] }
            timeline?.moveCursor(to: moment, calendar: calendar)
            return loadTimelineWindows()
        }
        return filters.apply(answer) ? beginRefresh() : []
    }

    /// The answer to `Alt-k`'s question: `y` keeps every event it named.
    private mutating func answerKeepConfirmation(_ question: KeepConfirmation, _ action: UserAction,
                                                 now: ContinuousClock.Instant) -> [AppEffect] {
        switch question.reduce(action) {
        case .stays: return []
        case .declined:
            closeToScene()
            show("Nothing kept", now: now)
            return []
        case .confirmed:
            closeToScene()
            return review.keep.keep(question.ids, status: &status, now: now)
        }
    }

    /// The server kept `ids` (or let them go): the events change wherever they are shown; returns
    /// them as loaded.
    private mutating func setKept(_ ids: Set<String>, _ kept: Bool) -> [Event] {
        var changed: [Event] = []
        for index in list.events.indices where ids.contains(list.events[index].id) {
            list.events[index].kept = kept
            changed.append(list.events[index])
        }
        if let id = playback?.event.id, ids.contains(id) { playback?.event.kept = kept }
        timeline?.setKept(ids, kept)
        return changed
    }

    /// Esc / q on a scene (an overlay was closed before): leaves full-pane; in the player opened
    /// on the timeline, goes back to it (Esc dismisses an error first); else (Esc only: errors
    /// stay until Esc) dismisses the error, else closes the timeline, else returns focus to the
    /// list, else (Esc only) clears the filter. Nil when there was nothing to go back from.
    mutating func back(isEscape: Bool) -> [AppEffect]? {
        switch scene {
        case .fullPane(let browse):
            mode = .scene(.browse(browse))
        case .timeline(returnsTo: let browse):
            if isEscape, status.error != nil { status.error = nil } else { mode = .scene(.browse(browse)) }
        case .browse(let browse):
            if browse.focus == .player, let live = playback?.live, !isEscape || status.error == nil { return leaveLive(live) }
            if browse.focus == .player, browse.fromTimeline, !isEscape || status.error == nil { return returnToTimeline() }
            if isEscape, status.error != nil {
                status.error = nil
            } else if browse.focus == .player {
                updateBrowse { $0.focus = .list }
            } else if isEscape, !list.filterText.isEmpty || list.search != nil {
                return list.clearFilterText(marks: review.marks, filter: filters.eventFilter)
            } else {
                return nil
            }
        }
        return []
    }
}

// MARK: - The timeline

extension AppState {
    /// `T`: opens the timeline at the event the keys act on (``TimelineState/opened(_:at:lanes:date:calendar:)``),
    /// or closes it, back to the list and the player as they were.
    private mutating func toggleTimeline(date: Date = Date(), calendar: Calendar = .current) -> [AppEffect] {
        if case .timeline(returnsTo: let browse) = scene {
            mode = .scene(.browse(browse))
            return []
        }
        timeline = TimelineState.opened(timeline, at: keyedEvent, lanes: timelineCameras, date: date, calendar: calendar)
        mode = .scene(.timeline(returnsTo: Browse(focus: focus)))
        overlay = nil
        return loadTimelineWindows()
    }

    /// The timeline's keys (``TimelineState/reduce(_:lanes:cameras:now:calendar:)``); nil for
    /// those it leaves to the rest (help, request log, back, quit).
    private mutating func applyToTimeline(_ action: UserAction, now: ContinuousClock.Instant, date: Date = Date(),
                                          calendar: Calendar = .current) -> [AppEffect]? {
        guard var timeline else { return nil }
        let outcome = timeline.reduce(action, lanes: timelineCameras, cameras: catalogue.serverCameras, now: date, calendar: calendar)
        self.timeline = timeline
        switch outcome {
        case .notMine: return nil
        case .stays: return []
        case .message(let text): show(text, now: now)
        case .moved: return loadTimelineWindows()
        case .close: return toggleTimeline()
        case .reload: return beginRefresh() + loadTimelineWindows()
        case .toggleReviewed(let event):
            return setReviewed(event.id, review.toggled(event, named: TimelineState.text(event), status: &status, now: now), now: now)
        case .play(let event, let startAt): return startTimelinePlayback(event, startAt: startAt, date: date, now: now)
        case .openRecording(let effect):
            show("Opening the recording…", now: now)
            return [effect]
        }
        return []
    }

    /// The windows (and coverage) the timeline's range still lacks (``TimelineState/loadWindows(recording:)``).
    private mutating func loadTimelineWindows() -> [AppEffect] {
        timeline?.loadWindows(recording: catalogue.recordingCameras) ?? []
    }

    /// Enter on the timeline (or the recording it asked for) plays in the player; Esc there comes
    /// back to the timeline (``returnToTimeline()``).
    private mutating func startTimelinePlayback(_ event: Event, startAt: Double, date: Date,
                                                now: ContinuousClock.Instant) -> [AppEffect] {
        mode = .scene(.browse(Browse(focus: .player, fromTimeline: true)))
        return startPlayback(event, at: startAt, date: date, now: now)
    }

    /// Esc from the player that Enter on the timeline opened: the timeline again (and under it the
    /// list, focused), the playback paused (its pane is not on screen).
    mutating func returnToTimeline() -> [AppEffect] {
        mode = .scene(.timeline(returnsTo: Browse(focus: .list)))
        guard let playback, playback.playback == .playing else { return [] }
        return [.player(.togglePause)]
    }
}

// MARK: - The list's pages

extension AppState {
    /// Drops everything loaded and fetches the first page again (``EventList/refresh(filter:)``).
    mutating func beginRefresh() -> [AppEffect] {
        list.refresh(filter: filters.eventFilter)
    }

    /// The list's row `index` selected (clamped; ``EventList/select(index:marks:)``), and the
    /// next page when it nears the end of what is loaded.
    mutating func select(_ index: Int) -> [AppEffect] {
        list.select(index: index, marks: review.marks) ? fetchMoreIfNear() : []
    }

    /// The next page when the selection nears the end of what is shown.
    mutating func fetchMoreIfNear() -> [AppEffect] {
        list.fetchMoreIfNear(marks: review.marks, filter: filters.eventFilter)
    }

    /// The server no longer has event `id`: it leaves the list (``EventList/drop(_:marks:)``).
    mutating func dropGoneEvent(_ id: String) {
        list.drop(id, marks: review.marks)
    }

    /// Events came from the server (a page, a search's answer, a poll): their cameras are known,
    /// and the marks the server keeps for them are taken (``ReviewState/adoptServerReviewed(_:)``).
    private mutating func eventsArrived(_ events: [Event]) {
        catalogue.noteCameras(events)
        review.adoptServerReviewed(events)
    }

    /// A page arrived (``EventList/add(_:generation:status:now:)``): the server answered, so
    /// pending marks go now, and only events after this page are news (Notify/); a `>` waiting at
    /// the last row moves on, else the next page comes when the selection is near the end.
    private mutating func pageLoaded(_ page: EventsPage, generation: Int, now: ContinuousClock.Instant) -> [AppEffect] {
        guard list.add(page, generation: generation, status: &status, now: now) else { return [] }
        eventsArrived(page.events)
        let marks = review.serverAnswered(now: now)
        follow.hasBaseline = true
        if let advanced = resolvePendingAdvance(now: now) { return marks + advanced }
        return marks + (list.filterText.isEmpty ? fetchMoreIfNear() : [])
    }

    /// A page failed: an expired session brings the sign-in form back (a montage open meanwhile
    /// stops); anything else stays on screen as an error until Esc. A `>` waiting for the page
    /// says so instead.
    private mutating func pageFailed(_ text: String, needsSignIn: Bool, generation: Int) -> [AppEffect] {
        guard list.pageFailed(generation: generation) else { return [] }
        guard needsSignIn else {
            status.error = "Cannot load events: \(text)"
            pendingAdvanceFailed(text)
            return []
        }
        let stops: [AppEffect] = montage == nil ? [] : [.stopMontage]
        mode = .signIn(SignInForm(userLabel: session.signInLabel, serverName: session.serverName, reason: text))
        overlay = nil
        pendingAdvanceFailed(text)
        return stops
    }
}

// MARK: - Reviewed marks

extension AppState {
    /// The marks saved by earlier sessions (before the first screen).
    ///
    /// ```swift
    /// state.loadReviewed(ReviewedMarks.load(from: ReviewedMarks.fileURL(in: paths.state)))
    /// ```
    public mutating func loadReviewed(_ marks: ReviewedMarks) {
        review.marks = marks
    }

    /// The server keeps the marks (``ReviewState/keepMarksOnServer(pending:)``): `pending` are the
    /// journal's marks for this server from an earlier session, shown pending at once.
    ///
    /// ```swift
    /// state.keepMarksOnServer(pending: PendingMarks.journal(at: url, server: PendingMarks.serverKey(server)))
    /// ```
    public mutating func keepMarksOnServer(pending: [PendingMark]) {
        review.keepMarksOnServer(pending: pending)
    }

    /// Marks or unmarks `id` (`x`, the timeline's `x`, an event played to its end); the selection
    /// stays on its event (a marked selected one is kept in unreviewed-only until the selection
    /// leaves it). Nothing to save when nothing changed.
    mutating func setReviewed(_ id: String, _ isReviewed: Bool, now: ContinuousClock.Instant) -> [AppEffect] {
        let selected = selectedEvent?.id
        guard let effects = review.set(id, isReviewed, now: now) else { return [] }
        if isReviewed { list.keepUnderCursor([id], selected: selected) }
        list.select(id: selected, in: visibleEvents)
        return effects
    }

    /// Selects the shown event `id` (`>`, `<`); leaving the kept reviewed event lets it go.
    mutating func selectEvent(id: String) {
        list.select(event: id, marks: review.marks)
    }
}

// MARK: - Completions

extension AppState {
    /// Results of async work; those of an older fetch or playback generation are dropped.
    mutating func applyCompletion(_ input: AppInput, now: ContinuousClock.Instant) -> [AppEffect] {
        switch input {
        case .signedIn(let name): return signedIn(as: name)
        case .signInFailed(let text): updateForm { $0.failed(text) }
        case .certificateNeedsTrust(let question): updateForm { $0.ask(question) }
        case .certificateRefused(let text): updateForm { $0.certificateRefused(text) }
        case .certificateTrusted(let text): updateForm { $0.certificateTrusted(text) }
        case .serverIdentified(let identity): return serverIdentified(identity)
        case .pageLoaded(let page, let generation): return pageLoaded(page, generation: generation, now: now)
        case .pageFailed(let text, let needsSignIn, let generation): return pageFailed(text, needsSignIn: needsSignIn, generation: generation)
        case .reviewedSaveFailed(let text):
            status.error = "Reviewed marks not saved: \(text)"
        case .reviewedSent(let ids, let isReviewed):
            return review.sent(ids: ids, isReviewed: isReviewed, now: now)
        case .reviewedSendFailed(let ids, let isReviewed, let failure, let text):
            let selected = selectedEvent?.id
            let failed = review.sendFailed(ids: ids, isReviewed: isReviewed, failure: failure, message: text,
                                           status: &status, now: now)
            if failed.rolledBack { list.select(id: selected, in: visibleEvents) }   // the selection stays on its event
            return failed.effects
        default:
            break
        }
        return []
    }

    /// Signed in as `name`: the list, fetched from its first page.
    private mutating func signedIn(as name: String) -> [AppEffect] {
        mode = .scene(.browse(Browse()))
        session.user = name
        return beginRefresh()
    }

    /// Changes the sign-in form while it is shown (the server's and the certificate's answers).
    private mutating func updateForm(_ change: (inout SignInForm) -> Void) {
        guard var form else { return }
        change(&form)
        mode = .signIn(form)
    }

    /// A probe said what the server is: its severities, what it calls keeping an event and the
    /// user; the form names it (``SignInForm/identified(_:)``); a server that needs no sign-in
    /// opens the list.
    private mutating func serverIdentified(_ identity: ServerIdentity) -> [AppEffect] {
        catalogue.severities = identity.severities
        review.keep.name = identity.keepName
        session.signInLabel = identity.userLabel
        session.serverName = identity.name ?? session.serverName
        guard var form else { return [] }
        guard identity.needsSignIn else { return signedIn(as: "anonymous") }
        let effects = form.identified(identity)
        mode = .signIn(form)
        return effects
    }

    /// A poll's answer (``ListFollow``), merged into the list when it is of the list's current
    /// load (a reload meanwhile drops it): the selection stays on its event (when that was
    /// deleted, the one after it takes its row); the playing event plays on without it.
    private mutating func followed(_ changes: EventChanges, generation: Int, now: ContinuousClock.Instant) -> [AppEffect] {
        follow.apply(.answered, status: &status, now: now)
        guard follow.isOn, generation == list.fetchGeneration else { return [] }
        let selected = selectedEvent?.id
        guard let merged = list.merge(changes) else {
            follow.hasBaseline = true
            return []
        }
        eventsArrived(changes.events)
        list.select(id: selected, in: visibleEvents)
        return follow.merged(merged.inserted, above: visibleEvents[..<list.selectedIndex], loaded: list.events)
    }
}

// MARK: - The montage

extension AppState {
    /// `M`: the montage (``MontageModel/open(_:status:now:date:)``) over the scene it opened from
    /// (the full-pane video left), which Esc goes back to; in the live view, every camera live.
    mutating func openMontage(now: ContinuousClock.Instant, date: Date = Date()) -> [AppEffect] {
        let cameras = timelineCameras
        guard !cameras.isEmpty else {
            show(list.noCamerasText, now: now)
            return []
        }
        if let live = playback?.live, let feed = playback?.event, focus == .player || isFullPane {
            // The live view stops (its camera is a tile); under the montage the list, which Esc
            // leaves for the live view again.
            let model = MontageModel(live: live, feed: feed, cameras: cameras, id: PlaybackID(rawValue: player.lastPlaybackID), date: date)
            playback = nil
            mode = .montage(model, over: .browse(Browse(focus: .list)))
            overlay = nil
            return [.player(.stop), .fetchLiveMontage(model.pageFeeds(serverCameras: catalogue.serverCameras))]
        }
        let context = MontageModel.Context(
            cameras: cameras, timeline: isTimelineShown ? timeline : nil, playback: playback, isPlayerFocused: focus == .player,
            selected: selectedEvent, loaded: montageLoaded, recording: Set(catalogue.serverCameras.filter(\.isRecording).map(\.name)),
            speed: player.speed)
        guard let (model, effects) = MontageModel.open(context, status: &status, now: now, date: date) else { return [] }
        mode = .montage(model, over: isFullPane ? .browse(scene.browse) : scene)
        overlay = nil
        return effects
    }

    /// The events loaded, the list's and the timeline's: what the montage's tiles start with.
    private var montageLoaded: [Event] {
        list.events + (timeline.map { Array($0.events.values) } ?? [])
    }

    /// Keys while the montage is shown (the overlay layer took its own before): the montage's
    /// own reducer (``MontageModel/reduce(_:)``) decides, and what it asks of the rest happens here.
    private mutating func applyToMontage(_ action: UserAction, now: ContinuousClock.Instant, date: Date = Date()) -> [AppEffect] {
        guard case .montage(var model, let under) = mode else { return [] }
        let outcome = model.reduce(action)
        mode = .montage(model, over: under)
        switch outcome {
        case .commands(let commands): return commands.map(AppEffect.montage)
        case .message(let text): show(text, now: now)
        case .newPage(let moment, let paused):
            return model.pageEffects(at: moment, paused: paused, loaded: montageLoaded, serverCameras: catalogue.serverCameras, date: date)
        case .close:
            closeToScene()
            guard case .live(let request) = model.origin else { return [.stopMontage] }
            // From the live view: its camera live again.
            return [.stopMontage] + request.again(id: player.nextPlaybackID()).fetch(status: &status, now: now)
        case .openLatestEvent(let camera): return [.stopMontage] + openLatestEvent(of: camera, now: now)
        case .notMine: break
        }
        return []
    }

    /// Enter on a live tile: the newest loaded event of `camera` is selected and plays.
    private mutating func openLatestEvent(of camera: String, now: ContinuousClock.Instant) -> [AppEffect] {
        closeToScene()
        guard let index = visibleEvents.firstIndex(where: { $0.cameraName == camera }) else {
            show("No event of \(TerminalText.printable(camera)) is loaded (r reloads the list)", now: now)
            return []
        }
        _ = select(index)
        return playSelected(now: now)
    }
}

// MARK: - Live

extension AppState {
    /// `L` where the list, the player or the timeline has the keys: the live view on screen goes
    /// back, else the camera (``LiveView/camera(lane:keyed:serverCameras:)``) is asked for live as a
    /// new playback.
    private mutating func showLive(now: ContinuousClock.Instant) -> [AppEffect] {
        if let live = playback?.live, focus == .player || isFullPane { return leaveLive(live) }
        let cameras = isTimelineShown ? timelineCameras : []
        let lane = timeline.flatMap { cameras.indices.contains($0.lane) ? cameras[$0.lane] : nil }
        guard let (cameraID, cameraName) = LiveView.camera(lane: lane, keyed: keyedEvent, serverCameras: catalogue.serverCameras) else {
            show("No camera to show live: select an event", now: now)
            return []
        }
        let returnsTo = LiveView.returnsTo(onTimeline: isTimelineShown, playback: playback, isPlayerFocused: focus == .player)
        return LiveRequest(cameraID: cameraID, cameraName: cameraName, id: player.nextPlaybackID(), returnsTo: returnsTo)
            .fetch(status: &status, now: now)
    }

    /// `L`, Esc or `q` in the live view: the feed stops and the screen goes back to where `L` was
    /// pressed (``LiveView/returnsTo``; an event plays again where it was).
    mutating func leaveLive(_ live: LiveView) -> [AppEffect] {
        playback = nil
        status.error = nil
        switch live.returnsTo {
        case .list:
            mode = .scene(.browse(Browse(focus: .list)))
            return [.player(.stop)]
        case .timeline:
            mode = .scene(.timeline(returnsTo: Browse(focus: .list)))
            return [.player(.stop)]
        case .event(let event, let position):
            let model = PlaybackModel(event: event, id: player.nextPlaybackID(), isLive: event.isLive(at: Date()))
            playback = model
            if !isFullPane { mode = .scene(.browse(Browse(focus: .player))) }
            return [.startPlayback(event, id: model.id, startAt: position)]
        }
    }
}

// MARK: - Next, previous, auto-advance

/// `>` / `<` and auto-advance (``PendingAdvance`` decides; the list, the review and the playback
/// carry it out).
extension AppState {
    /// The event `>` / `<` move from: the playing event while its playback has not finished, else
    /// the selection.
    var advanceAnchor: Event? {
        PendingAdvance.anchor(playback: playback, events: list.events, selected: selectedEvent)
    }

    /// Plays the event after (before) `anchor` in the list, or fetches the next page first, or
    /// says the list ends (``PendingAdvance/step(_:from:list:visible:selected:playbackID:)``).
    mutating func advance(_ direction: PendingAdvance.Direction, from anchor: Event?, now: ContinuousClock.Instant) -> [AppEffect] {
        let step = PendingAdvance.step(direction, from: anchor, list: list, visible: visibleEvents, selected: selectedEvent,
                                       playbackID: player.lastPlaybackID)
        return step.map { take($0, now: now) } ?? []
    }

    /// After a page arrived: what a pending `>` waited for (``PendingAdvance/resolve(list:visible:playbackID:)``);
    /// nil when nothing waits.
    mutating func resolvePendingAdvance(now: ContinuousClock.Instant) -> [AppEffect]? {
        guard let pending = review.pendingAdvance else { return nil }
        guard let step = pending.resolve(list: list, visible: visibleEvents, playbackID: player.lastPlaybackID) else {
            review.pendingAdvance = nil
            return nil
        }
        return take(step, now: now)
    }

    /// The page a pending `>` waited for failed.
    mutating func pendingAdvanceFailed(_ text: String) {
        review.pendingAdvance?.failed(text, status: &status)
        review.pendingAdvance = nil
    }

    private mutating func take(_ step: PendingAdvance.Step, now: ContinuousClock.Instant) -> [AppEffect] {
        switch step {
        case .play(let event): return play(event, now: now)
        case .fetchNextPage(let pending, let message):
            review.pendingAdvance = pending
            if let message { show(message, now: now) }
            guard !list.isLoading, let cursor = list.nextCursor else { return [] }   // the page on its way resolves it
            list.isLoading = true
            return [.fetchPage(cursor: cursor, generation: list.fetchGeneration)]
        case .end(let text):
            review.pendingAdvance = nil
            show(text, now: now)
            return []
        }
    }

    /// Starts `event` as a new playback, selecting it; focus stays where it was.
    private mutating func play(_ event: Event, now: ContinuousClock.Instant) -> [AppEffect] {
        review.pendingAdvance = nil
        let focusBefore = focus
        selectEvent(id: event.id)
        guard selectedEvent?.id == event.id else { return [] }
        let effects = playSelected(now: now)
        updateBrowse { $0.focus = focusBefore }
        return effects + fetchMoreIfNear()
    }

    /// A playback finished: one that played to its end is marked reviewed and, with auto-advance
    /// on, the next event starts (the same path as `>`). A live feed that ends was never an event
    /// of the list: nothing to mark or advance from.
    mutating func playbackFinished(_ reason: FinishReason, now: ContinuousClock.Instant) -> [AppEffect] {
        guard reason == .ended, playback?.live == nil, let event = playback?.event else { return [] }
        let effects = setReviewed(event.id, true, now: now)
        return effects + (review.isAutoAdvance ? advance(.next, from: event, now: now) : [])
    }
}

// MARK: - Playback

extension AppState {
    /// Enter on the list: starts the selected event as a new playback (the newest request wins)
    /// and focuses the player.
    mutating func playSelected(now: ContinuousClock.Instant) -> [AppEffect] {
        guard let event = selectedEvent else { return [] }
        updateBrowse { $0 = Browse(focus: .player) }
        return startPlayback(event, now: now)
    }

    /// `event` as the new playback (the newest request wins), from `startAt` seconds in
    /// (``PlaybackModel/start(at:status:now:)``).
    private mutating func startPlayback(_ event: Event, at startAt: Double = 0, date: Date = Date(),
                                        now: ContinuousClock.Instant) -> [AppEffect] {
        let model = PlaybackModel(event: event, id: player.nextPlaybackID(), isLive: event.isLive(at: date))
        playback = model
        return model.start(at: startAt, status: &status, now: now)
    }

    /// An update of a playback (``PlaybackModel/apply(_:player:status:home:now:)``); those of a
    /// playback that is no longer current are dropped. When it finished, an event the server no
    /// longer has leaves the list, and one that ended moves on (``playbackFinished(_:now:)``).
    private mutating func apply(_ update: PlaybackUpdate, now: ContinuousClock.Instant) -> [AppEffect] {
        guard var model = playback, model.id == update.id else { return [] }
        let finished = model.apply(update, player: &player, status: &status, home: session.home, now: now)
        playback = model
        guard let reason = finished else { return [] }
        if update.session.eventGone { dropGoneEvent(model.event.id) }
        return playbackFinished(reason, now: now)
    }
}
