/// The one account the demo backend accepts.
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
}
