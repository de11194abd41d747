/// The proxy's current media token: asked of the source for each request (the app's source is
/// its token cache, which renews a token shortly before it expires: a long playback goes on with
/// a fresh one and no refusal in between), and refreshed once per rejection however many requests
/// were rejected with the same token at the same time.
actor TokenKeeper {
    private let source: any MediaTokenSource
    private var current: String?
    private var refreshing: Task<String, any Error>?
    /// Fresh tokens fetched after a rejection.
    private(set) var refreshes = 0

    init(source: any MediaTokenSource) {
        self.source = source
    }

    /// The token to send now: the source's current one (while a refresh is on its way, its result).
    func token() async throws -> String {
        if let refreshing { return try await refreshing.value }
        let token = try await source.token(refresh: false)
        current = token
        return token
    }

    /// A token other than `rejected`: the one another request already refreshed, or a fresh one.
    func refresh(rejected: String) async throws -> String {
        if let current, current != rejected { return current }
        if let refreshing { return try await refreshing.value }
        let task = Task { try await source.token(refresh: true) }
        refreshing = task
        defer { refreshing = nil }
        let token = try await task.value
        current = token
        refreshes += 1
        return token
    }
}
