import Foundation

/// How the pipeline follows an HTTP redirect (301, 302, 303, 307, 308), as a pure function:
/// the next request, or why not to follow it.
///
/// - At most ``maxRedirects`` hops per request; the next one is a ``RedirectFailure/tooMany``.
/// - Only http and https targets are followed (``RedirectFailure/unsupportedScheme``).
/// - 303 (and 301/302 of a POST) continue as a GET without a body, as browsers and curl do.
/// - Where the media token may go: the target of a redirect carries its own credential, so the
///   `Authorization` header is dropped on a redirect to another origin (every kind), and for media
///   kinds (playlists, segments, keys, …) on every redirect; an `Authorization` query item with the
///   value we sent is removed from the target too (a relative `Location` can inherit it).
///
/// ```swift
/// let rule = RedirectRule()
/// switch rule.follow(response, of: request, hops: 0) { case .follow(let next): ...; case .fail(let why): ... }
/// ```
public struct RedirectRule: Sendable, Equatable {
    /// Hops followed per request (5, like Shaka's and hls.js's loaders allow in practice; curl has 50).
    public var maxRedirects: Int

    public init(maxRedirects: Int = 5) {
        self.maxRedirects = maxRedirects
    }

    /// The statuses followed.
    public static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// What to do with `response` to `request` after `hops` redirects so far.
    public enum Outcome: Sendable, Equatable {
        /// Not a redirect (or one without `Location`): handle the response as it is.
        case notRedirect
        /// Send this next.
        case follow(HTTPRequest)
        /// Give up.
        case fail(RedirectFailure)
    }

    public func follow(_ response: HTTPResponse, of request: HTTPRequest, hops: Int) -> Outcome {
        guard Self.statuses.contains(response.status),
              let location = response.headers["Location"]?.trimmingCharacters(in: .whitespaces), !location.isEmpty
        else { return .notRedirect }
        guard let target = URL(string: location, relativeTo: request.url)?.absoluteURL else {
            return .fail(.unusableLocation)
        }
        let scheme = target.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https", target.host?.isEmpty == false else {
            return .fail(.unsupportedScheme(scheme.isEmpty ? "(none)" : scheme))
        }
        guard hops < maxRedirects else { return .fail(.tooMany(maxRedirects)) }
        var next = request
        next.url = Self.withoutSentToken(target, sent: request.url)
        if response.status == 303 || (request.method == "POST" && (response.status == 301 || response.status == 302)) {
            next.method = "GET"
            next.body = nil
            next.isIdempotent = true
        }
        if !Self.sameOrigin(request.url, target) || !request.kind.isAPI {
            next.headers["Authorization"] = nil
        }
        return .follow(next)
    }

    /// `scheme://host:port`, lowercased with the default port filled in; nil without a host.
    public static func origin(_ url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(host):\(port)"
    }

    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        origin(a) != nil && origin(a) == origin(b)
    }

    /// `target` without `Authorization` query items whose value is one `sent` carried.
    static func withoutSentToken(_ target: URL, sent: URL) -> URL {
        let sentValues = Set((URLComponents(url: sent, resolvingAgainstBaseURL: false)?.percentEncodedQueryItems ?? [])
            .filter { $0.name.lowercased() == "authorization" }.compactMap(\.value))
        guard !sentValues.isEmpty, var components = URLComponents(url: target, resolvingAgainstBaseURL: false),
              let items = components.percentEncodedQueryItems else { return target }
        let kept = items.filter { !($0.name.lowercased() == "authorization" && sentValues.contains($0.value ?? "")) }
        guard kept.count != items.count else { return target }
        components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
        return components.url ?? target
    }
}

/// Why a redirect was not followed.
public enum RedirectFailure: Sendable, Equatable, CustomStringConvertible {
    /// More than this many hops.
    case tooMany(Int)
    /// The target's scheme is not http or https.
    case unsupportedScheme(String)
    /// The `Location` is not a URL.
    case unusableLocation

    public var description: String {
        switch self {
        case .tooMany(let limit): "too many redirects (more than \(limit))"
        case .unsupportedScheme(let scheme): "redirected to a \(scheme): URL; only http and https redirects are followed"
        case .unusableLocation: "redirected to a Location that is not a URL"
        }
    }
}
