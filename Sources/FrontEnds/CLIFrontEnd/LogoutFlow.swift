import AppCore
import EventsAPI
import Foundation

/// `eventplayer logout`: removes the stored session file.
public enum LogoutFlow {
    public static func run(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        let store = SessionStore(directory: XDGPaths(environment: environment).state)
        let existed = FileManager.default.fileExists(atPath: store.fileURL.path)
        try store.save(nil)
        return existed ? "signed out (removed \(store.fileURL.path))" : "not signed in"
    }
}
