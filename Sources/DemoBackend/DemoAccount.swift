/// The accounts the demo backend accepts: one for the events flavour, two for the Frigate flavour.
///
/// ```swift
/// let body = #"{"email":"\#(DemoAccount.email)","password":"\#(DemoAccount.password)"}"#
/// // POST <baseURL>/v1/auth/sign-in with that body -> 200 with accessToken, refreshToken, user
/// ```
public enum DemoAccount {
    /// The e-mail address to sign in with (compared case-insensitively).
    public static let email = "demo@eventplayer.dev"
    /// The password to sign in with.
    public static let password = "demo-password"
    /// The display name returned as `user.name`.
    public static let name = "Demo User"
    /// The user id returned as `user.id`.
    public static let userID = "usr-demo"

    /// The Frigate flavour's admin user (role `admin`): POST /api/login {"user":…,"password":…}.
    public static let frigateUser = "admin", frigatePassword = "demo-password"
    /// The Frigate flavour's second user (role `viewer`); its reviewed marks are its own.
    public static let frigateViewer = "viewer", frigateViewerPassword = "viewer-password"
}
