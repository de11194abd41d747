import EventsAPI
import Foundation
import Player
import TUI

extension TUICoordinator {
    /// Runs effects in order; `.quit` when one asks to leave.
    func run(_ effects: [AppEffect]) -> LoopControl {
        for effect in effects {
            switch effect {
            case .quit: return .quit
            case .signIn(let email, let password): signIn(email: email, password: password)
            case .fetchPage(let cursor, let generation): fetchPage(cursor: cursor, generation: generation)
            case .prepare(let event, let generation, let refresh, let startAt):
                prepare(event, generation: generation, refreshTokens: refresh, startAt: startAt)
            case .load(let generation): load(generation)
            case .discard(let generation):
                if let entry = inbox.takeEntry(generation) { preparer.finish(entry.prepared) }
            case .unload: unload()
            case .player(let command): send(command)
            }
        }
        return .keepRunning
    }

    private func signIn(email: String, password: String) {
        let client = services.client, inbox = inbox
        signInTask = Task {
            do {
                let session = try await client.signIn(email: email, password: password)
                inbox.post(.signedIn(user: session.user.name))
            } catch {
                inbox.post(.signInFailed(message: UserFacing.message(for: error)))
            }
        }
    }

    private func fetchPage(cursor: String?, generation: Int) {
        if cursor == nil { pageTask?.cancel() }
        let client = services.client, inbox = inbox
        pageTask = Task {
            do {
                let page = try await client.events(cursor: cursor, limit: AppState.pageSize)
                inbox.post(.pageLoaded(page, generation: generation))
            } catch {
                guard !Task.isCancelled else { return }
                inbox.post(.pageFailed(message: UserFacing.message(for: error),
                                       needsSignIn: UserFacing.needsSignIn(error), generation: generation))
            }
        }
    }

    /// The newest request wins: an older preparation is cancelled (its result, if any, is discarded).
    private func prepare(_ event: Event, generation: Int, refreshTokens: Bool, startAt: Double) {
        prepareTask?.cancel()
        let preparer = preparer, inbox = inbox
        let requestedAt = ContinuousClock.now
        prepareTask = Task {
            do {
                let prepared = try await preparer.prepare(event, refreshTokens: refreshTokens)
                let entry = Inbox.Entry(prepared: prepared, startAt: startAt, requestedAt: requestedAt, readyAt: .now)
                inbox.post(.prepared(generation: generation), entry: (generation, entry))
            } catch {
                let text = refreshTokens ? "access refused and fresh tokens did not help: \(UserFacing.message(for: error))"
                                         : UserFacing.message(for: error)
                inbox.post(.prepareFailed(message: text, generation: generation))
            }
        }
    }

    private func load(_ generation: Int) {
        guard let entry = inbox.takeEntry(generation) else { return }
        if let old = current { preparer.finish(old.entry.prepared) }
        do {
            let loadedAt = ContinuousClock.now
            currentPlaybackID = try player.load(preparer.mediaSource(entry.prepared), startAt: entry.startAt)
            current = (generation, entry, loadedAt)
        } catch {
            current = (generation, entry, .now)
            inbox.post(.prepareFailed(message: "the player could not start: \(error)", generation: generation))
        }
    }

    /// Another event starts: stop this one now and remove its private files.
    private func unload() {
        currentPlaybackID = nil
        player.stop()
        if let current { preparer.finish(current.entry.prepared) }
        current = nil
    }

    private func send(_ command: PlayerCommand) {
        switch command {
        case .play: player.play()
        case .togglePause: player.togglePause()
        case .stop: player.stop()
        case .toggleMute: player.toggleMute()
        case .interrupt: player.interrupt()
        case .resume: player.resumeFromInterruption()
        case .seek(let seconds): player.seek(to: seconds)
        case .setVolume(let volume): player.setVolume(volume)
        }
        // play() after a stop or an error reloads the source as a new playback: follow it.
        if currentPlaybackID != nil, let id = player.snapshot.playbackID { currentPlaybackID = id }
    }
}
