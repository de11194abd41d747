/// The proxy's current media token: fetched once, refreshed once per rejection however many
/// requests were rejected with the same token at the same time.
actor TokenKeeper {
    private let source: any MediaTokenSource
    private var current: String?
    private var refreshing: Task<String, any Error>?
    /// Fresh tokens fetched after a rejection.
    private(set) var refreshes = 0

    init(source: any MediaTokenSource) {
        self.source = source
    }

    /// The token to send now.
    func token() async throws -> String {
        if let current { return current }
        if let refreshing { return try await refreshing.value }
        let task = Task { try await source.token(refresh: false) }
        refreshing = task
        defer { refreshing = nil }
        let token = try await task.value
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
