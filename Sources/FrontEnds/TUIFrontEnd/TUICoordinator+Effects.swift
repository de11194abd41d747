import AppCore
import EventsAPI
import Foundation
import Player
import SystemSupport
import TUI
import TUIState

extension TUICoordinator {
    /// What running effects led to: leave, or go on with the inputs they produced.
    enum EffectsOutcome {
        case quit
        case `continue`([AppInput])
    }

    /// Runs effects in order; playback effects answer at once with the playback's updates.
    func run(_ effects: [AppEffect]) -> EffectsOutcome {
        var produced: [AppInput] = []
        for effect in effects {
            switch effect {
            case .quit: return .quit
            case .switchServer(let target):
                switchTarget = target
                return .quit
            case .signIn(let email, let password): signIn(email: email, password: password)
            case .checkServer: checkServer()
            case .trustCertificate(let fingerprint): trustCertificate(fingerprint: fingerprint)
            case .fetchPage(let cursor, let generation, let filter): fetchPage(cursor: cursor, generation: generation, filter: filter)
            case .startExport(let event): startExport(event)
            case .startPlayback(let event, let id, let startAt):
                video?.clear()
                produced += runner.start(event, as: id, at: startAt).map(AppInput.playback)
            case .setVideo(let enabled):
                produced += runner.perform(.setVideoEnabled(enabled)).map(AppInput.playback)
                video?.setEnabled(enabled)
            case .saveSnapshot(let event, let id, let position):
                produced += saveSnapshot(of: event, id: id, position: position)
            case .loadStill(let event):
                loadStill(event)
            case .cancelStill:
                video?.stills?.cancel()
            case .player(let command):
                produced += runner.perform(command).map(AppInput.playback)
            case .saveReviewed(let id, let isReviewed):
                saveReviewed(ids: [id], isReviewed: isReviewed)
            case .saveReviewedSet(let ids, let isReviewed):
                saveReviewed(ids: ids, isReviewed: isReviewed)
            case .sendReviewed(let ids, let isReviewed):
                sendReviewed(ids: ids, isReviewed: isReviewed)
            case .writePendingMarks(let marks):
                writePendingMarks(marks)
            case .fetchTimelineWindow(let window, let generation):
                fetchTimelineWindow(window, generation: generation)
            case .fetchCoverage(let window, let cameras, let generation):
                fetchCoverage(window, cameras: cameras, generation: generation)
            case .fetchRecording(let camera, let range, let startAt):
                fetchRecording(camera: camera, range: range, startAt: startAt)
            case .fetchLive(let request):
                fetchLive(request)
            case .fetchLiveMontage(let cameras):
                fetchLiveMontage(cameras)
            case .startLiveMontage(let cameras, let feeds):
                produced += startLiveMontage(cameras: cameras, feeds: feeds)
            case .startMontage(let cameras, let moment, let events, let speed, let paused):
                produced += startMontage(cameras: cameras, at: moment, events: events, speed: speed, paused: paused)
            case .montage(let command):
                produced += performMontage(command)
            case .addMontageEvents(let events):
                montage?.add(events: events)
            case .stopMontage:
                stopMontage()
            case .fetchFilterValues(let cameras):
                fetchFilterValues(cameras: cameras)
            case .follow(let since, let filter, let inProgress, let generation):
                follow(since: since, filter: filter, inProgress: inProgress, generation: generation)
            case .search(let filter, let semantic, let generation):
                search(filter, semantic: semantic, generation: generation)
            case .setKept(let ids, let kept):
                setKept(ids: ids, kept: kept)
            case .fetchDetails(let event, let coverage):
                fetchDetails(event, coverage: coverage)
            case .fetchCameraHealth:
                fetchCameraHealth()
            case .notify(let notice):
                notifyTerminal?(notice)
            }
        }
        return .continue(produced)
    }

    private func signIn(email: String, password: String) {
        let client = services.backend, inbox = inbox, services = services
        signInTask = Task {
            do {
                let session = try await client.signIn(user: email, password: password)
                do { try services.signedIn(session) } catch {
                    services.logger.error("cannot keep the session as the default: \(error)")
                }
                inbox.post(.signedIn(user: session.user.name))
                if let cameras = try? await client.cameras(), !cameras.isEmpty {
                    inbox.post(.camerasLoaded(cameras, groups: (try? await client.cameraGroups()) ?? []))
                }
            } catch {
                inbox.post(.signInFailed(message: UserFacing.message(for: error)))
            }
        }
    }

    private func fetchPage(cursor: String?, generation: Int, filter: EventFilter) {
        if cursor == nil { pageTask?.cancel() }
        let client = services.backend, inbox = inbox
        pageTask = Task {
            do {
                let page = try await client.events(cursor: cursor, limit: AppState.pageSize, filter: filter)
                inbox.post(.pageLoaded(page, generation: generation))
            } catch {
                guard !Task.isCancelled else { return }
                inbox.post(.pageFailed(message: String(describing: error),
                                       needsSignIn: UserFacing.needsSignIn(error), generation: generation))
            }
        }
    }
}

extension TUICoordinator {
    /// The `/` search over every event the server has in the range (``EventSearch``), in place of
    /// a first page: a newer one (or a reload) cancels it.
    fileprivate func search(_ filter: EventFilter, semantic: Bool, generation: Int) {
        pageTask?.cancel()
        let client = services.backend, inbox = inbox
        pageTask = Task {
            do {
                let found = try await EventSearch.run(client, filter: filter, semantic: semantic, limit: AppState.searchLimit)
                inbox.post(.searchLoaded(found, generation: generation))
            } catch {
                guard !Task.isCancelled else { return }
                inbox.post(.pageFailed(message: String(describing: error), needsSignIn: UserFacing.needsSignIn(error),
                                       generation: generation))
            }
        }
    }
}

// MARK: - Timeline (T)

extension TUICoordinator {
    /// Every event starting in `window`, all pages (`since`/`until`), posted page by page so the
    /// lanes fill as they come; the window is done with its last page. A newer generation (a
    /// reload) cancels the older fetches.
    func fetchTimelineWindow(_ window: Range<Date>, generation: Int) {
        if generation != timelineGeneration {
            timelineTasks.forEach { $0.cancel() }
            timelineTasks = []
            timelineGeneration = generation
        }
        let client = services.backend, inbox = inbox
        let filter = EventFilter(since: window.lowerBound, until: window.upperBound)
        timelineTasks.removeAll { $0.isCancelled }
        timelineTasks.append(Task { await TUICoordinator.loadWindow(window, filter: filter, client: client, inbox: inbox, generation: generation) })
    }

    private static func loadWindow(_ window: Range<Date>, filter: EventFilter, client: any EventBackend, inbox: Mailbox<AppInput>,
                                   generation: Int) async {
        var page: [Event] = []
        let stream = client.allEvents(pageSize: timelinePageSize, filter: filter)
        do {
            for try await event in stream {
                page.append(event)
                if page.count == timelinePageSize {
                    inbox.post(.timelineLoaded(page, window: nil, generation: generation))
                    page = []
                }
            }
            inbox.post(.timelineLoaded(page, window: window, generation: generation))
        } catch {
            guard !Task.isCancelled else { return }
            inbox.post(.timelineLoaded(page, window: nil, generation: generation))
            inbox.post(.timelineFailed(window: window, message: UserFacing.message(for: error), generation: generation))
        }
    }

    /// The API's largest page: fewer requests for a busy day.
    static let timelinePageSize = 500

    /// What each of `cameras` recorded in `window` (an NVR's recordings), a camera at a time; a
    /// camera whose recordings cannot be read is left without (its lane shows its events only).
    func fetchCoverage(_ window: Range<Date>, cameras: [Camera], generation: Int) {
        let backend = services.backend, inbox = inbox, logger = services.logger
        timelineTasks.append(Task {
            for camera in cameras {
                guard !Task.isCancelled else { return }
                do {
                    let spans = try await backend.coverage(camera: camera.id, in: window) ?? []
                    inbox.post(.timelineCoverage(camera: camera.name, spans: spans.map { $0.start..<max($0.start, $0.end) },
                                                 window: window, generation: generation))
                } catch {
                    logger.warning("recordings of a camera could not be read", metadata: ["camera": "\(camera.id)", "error": "\(error)"])
                }
            }
        })
    }

    /// The server's cameras in its order, once at start (an NVR's; the events service has none).
    func fetchCameras() {
        let backend = services.backend, inbox = inbox
        Task {
            guard let cameras = try? await backend.cameras(), !cameras.isEmpty else { return }
            inbox.post(.camerasLoaded(cameras, groups: (try? await backend.cameraGroups()) ?? []))
        }
    }

    /// Enter on a recorded moment: the camera's recording over `range`, to play from `startAt`.
    func fetchRecording(camera: Camera, range: Range<Date>, startAt: Double) {
        let backend = services.backend, inbox = inbox
        Task {
            do {
                guard let event = try await backend.recording(camera: camera.id, in: range) else {
                    return inbox.post(.recordingFailed("the server keeps no recordings to play"))
                }
                inbox.post(.recordingLoaded(event, startAt: startAt))
            } catch {
                inbox.post(.recordingFailed(UserFacing.message(for: error)))
            }
        }
    }
}

// MARK: - Snapshot (S)

extension TUICoordinator {
    /// `S`: reserves the snapshot's file (named by camera and the frame's wall-clock time) in the
    /// pictures folder and asks the player for the PNG; mpv encodes it on its own thread and the
    /// answer comes back as the playback's `.screenshot` update. A folder that cannot be made
    /// answers the same way at once.
    func saveSnapshot(of event: Event, id: PlaybackID, position: Double) -> [AppInput] {
        // The player's own position is newer than the model's (which follows the 1 s tick while playing).
        let at = runner.snapshot.flatMap { $0.playbackID == id ? $0.progress.position : nil } ?? position
        let file = SnapshotFile(camera: event.cameraName, time: event.startTime.addingTimeInterval(at))
        do {
            let url = try file.reserve(in: SnapshotFile.directory())
            return runner.perform(.screenshot(to: url.path)).map(AppInput.playback)
        } catch {
            guard let session = runner.session, session.id == id else { return [] }
            return [.playback(PlaybackUpdate(id, .player(.screenshot(path: "", error: error.description)), session: session.snapshot))]
        }
    }
}

// MARK: - Still

extension TUICoordinator {
    /// Fetches `event`'s still at the pane's current pixel size; the answer comes back through
    /// the inbox as `.stillReady` / `.stillFailed`.
    func loadStill(_ event: Event) {
        guard let video, let stills = video.stills else { return inbox.post(.stillFailed(eventID: event.id)) }
        stills.load(event, geometry: video.video.geometry)
    }
}
