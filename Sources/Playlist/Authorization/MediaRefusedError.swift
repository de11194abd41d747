/// The video's server answered a media request with a web page instead of the video: the way
/// ZoneMinder refuses a token (`200 text/html`, its error page), which counts as a 401.
///
/// ```swift
/// if placement.isRefusal(contentType: response.headers["Content-Type"]) { throw MediaRefusedError(target: "nvr/zm/index.php") }
/// ```
public struct MediaRefusedError: Error, Sendable, CustomStringConvertible {
    /// `host/path` of the request (no query: it holds the token).
    public var target: String

    public init(target: String) {
        self.target = target
    }

    public var description: String {
        "the server answered \(target) with a web page instead of the video: it refused the access token"
    }
}
