import Foundation

/// Access and refresh tokens of the demo account. Refresh rotates: the used refresh token dies.
actor SessionStore {
    struct Session: Sendable {
        let accessToken: String
        let refreshToken: String
        let expiresIn: Int
    }

    enum Check: Sendable, Equatable {
        case valid
        case unknown
        case expired
    }

    private struct Access {
        let expiresAt: Date
        let generation: Int
    }

    private let lifetime: TimeInterval
    private var access: [String: Access] = [:]
    private var refresh: Set<String> = []

    init(accessTokenLifetime: TimeInterval) {
        lifetime = accessTokenLifetime
    }

    /// A new session after a correct sign-in.
    func signIn(generation: Int, now: Date = Date()) -> Session {
        issue(generation: generation, now: now)
    }

    /// A new session for a live refresh token (which is then used up); nil when unknown or used.
    func refresh(_ token: String, generation: Int, now: Date = Date()) -> Session? {
        guard refresh.remove(token) != nil else { return nil }
        return issue(generation: generation, now: now)
    }

    /// Whether `token` is a live access token; `generation` is the fault injector's current one.
    func check(_ token: String, generation: Int, now: Date = Date()) -> Check {
        guard let entry = access[token] else { return .unknown }
        return entry.expiresAt <= now || entry.generation < generation ? .expired : .valid
    }

    private func issue(generation: Int, now: Date) -> Session {
        let session = Session(
            accessToken: TokenFactory.make("at"), refreshToken: TokenFactory.make("rt"),
            expiresIn: Int(lifetime.rounded(.down))
        )
        access[session.accessToken] = Access(expiresAt: now.addingTimeInterval(lifetime), generation: generation)
        refresh.insert(session.refreshToken)
        return session
    }
}
