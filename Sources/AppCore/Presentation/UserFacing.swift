import EventsAPI
import Networking

/// Errors as one line a user can act on (sign-in form, status bar).
public enum UserFacing {
    public static func message(for error: any Error) -> String {
        if let api = error as? EventsAPIError {
            switch api.code {
            case .wrongCredentials: return "Wrong email or password."
            case .serverUnreachable: return "Server unreachable: \(api.message)"
            default: return api.message
            }
        }
        if let network = error as? NetworkError, network.isTransport { return "Server unreachable: \(network)" }
        return String(describing: error)
    }

    /// The session is gone: the user has to sign in again.
    public static func needsSignIn(_ error: any Error) -> Bool {
        guard let api = error as? EventsAPIError else { return false }
        return api.code == .signInRequired || api.code == .sessionExpired
    }
}
