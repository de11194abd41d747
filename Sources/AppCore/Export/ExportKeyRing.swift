import Foundation

/// The AES-128 keys of one export, fetched once each (by the key's path, not its token) and kept
/// in memory only: never written to disk, dropped when the export ends. Pieces fetched at once
/// that need the same key share one request.
///
/// ```swift
/// let keys = ExportKeyRing()
/// let key = try await keys.key(path: encryption.keyPath) { try await fetchKey(encryption.keyURL) }
/// await keys.removeAll()
/// ```
actor ExportKeyRing {
    private var keys: [String: Task<Data, any Error>] = [:]

    /// The key at `path`, from `fetch` the first time (a failed fetch is not kept: the next call tries again).
    func key(path: String, fetch: @escaping @Sendable () async throws -> Data) async throws -> Data {
        if let known = keys[path] { return try await known.value }
        let task = Task { try await fetch() }
        keys[path] = task
        do { return try await task.value } catch {
            keys[path] = nil
            throw error
        }
    }

    /// Forgets every key (e.g. a refused key URL gets a fresh token).
    func removeAll() {
        keys.removeAll()
    }
}
