import Foundation
import HTTPTypes
import Hummingbird
import Networking
import Playlist
import SystemSupport

/// One playback's responder (``ProxyRouter`` found it by the prefix): checks the origin, then
/// serves a playlist from memory or streams media through the pipeline.
struct ProxyResponder {
    let state: ProxyState

    /// Answers `request`, whose path after the playback's prefix is `path`.
    func respond(to request: Request, path: Substring) async -> Response {
        guard let uri = ProxiedURI(path: path) else {
            return Self.plain(.notFound, "not found")
        }
        guard state.origins.withLock({ $0.allows(uri.upstream, carriesToken: uri.carriesToken) }) else {
            let refusal = ProxyRefusal(target: Self.target(uri.upstream),
                                       wantedToken: state.origins.withLock { $0.allows(uri.upstream, carriesToken: false) })
            state.failed(ProxyFailure(kind: uri.kind, target: refusal.target, status: nil, attempts: 0,
                                      reason: refusal.description, refusal: refusal))
            return Self.plain(.init(code: ProxyRefusal.status), refusal.description)
        }
        guard request.method == .get || request.method == .head else {
            var response = Self.plain(.methodNotAllowed, "GET or HEAD only")
            response.headers[.allow] = "GET, HEAD"
            return response
        }
        switch uri.kind {
        case .manifestHlsMaster, .manifestHlsVariant:
            return await playlist(uri, head: request.method == .head)
        default:
            return await media(uri, request: request)
        }
    }

    /// The upstream request for `uri` with `token` where the playback's ``CredentialPlacement``
    /// puts it: query item and header (the events service), a bearer header (Frigate), nowhere.
    /// A URI that does not carry the token (``ProxiedURI/carriesToken``) goes as it is, without it.
    func upstreamRequest(_ uri: ProxiedURI, token: String, method: String = "GET",
                         headers: HTTPHeaderFields = []) throws -> Networking.HTTPRequest {
        let placement = state.credential
        if uri.carriesToken, case .queryItem = placement {
            return Networking.HTTPRequest(kind: uri.kind, method: method, url: placement.authorizing(uri.upstream, token: token), headers: headers)
        }
        guard uri.carriesToken, let value = placement.headerValue(token) else {
            return Networking.HTTPRequest(kind: uri.kind, method: method, url: uri.upstream, headers: headers)
        }
        var fields = headers
        fields["Authorization"] = value
        let url = placement == .queryAndHeader ? try PlaybackURL(videoURL: uri.upstream, token: token).url : uri.upstream
        return Networking.HTTPRequest(kind: uri.kind, method: method, url: url, headers: fields)
    }

    /// Runs `body` with the current token; after a 401/403 (or a web page where the video should
    /// be, ``MediaRefusedError``) once more with a fresh one.
    /// A URI without the token runs once, with none (a refusal there is not about our token).
    func withToken<T>(_ uri: ProxiedURI, _ body: (String) async throws -> T) async throws -> T {
        guard uri.carriesToken, state.credential != .none else { return try await body("") }
        let token = try await state.tokens.token()
        do {
            return try await body(token)
        } catch let error as NetworkError where error.status == 401 || error.status == 403 {
            return try await retry(body, rejected: token)
        } catch is MediaRefusedError {
            return try await retry(body, rejected: token)
        }
    }

    private func retry<T>(_ body: (String) async throws -> T, rejected token: String) async throws -> T {
        let fresh = try await state.tokens.refresh(rejected: token)
        state.listeners.publish(.tokenRefreshed)
        return try await body(fresh)
    }

    /// The status the player gets when the pipeline gave up: the origin's 4xx as it was,
    /// 504 for a timeout, 502 for anything else.
    static func status(for error: any Error) -> HTTPTypes.HTTPResponse.Status {
        if error is MediaRefusedError { return .forbidden }
        guard let error = error as? NetworkError else { return .badGateway }
        if let status = error.status, (400...499).contains(status) { return .init(code: status) }
        return error.isTimeout ? .gatewayTimeout : .badGateway
    }

    static func failure(_ error: any Error, uri: ProxiedURI) -> ProxyFailure {
        let network = error as? NetworkError
        return ProxyFailure(kind: uri.kind, target: network?.target ?? Self.target(uri.upstream),
                            status: network?.status, attempts: network?.attempts ?? 1,
                            reason: Redactor.shared.redact(String(describing: error)))
    }

    static func target(_ url: URL) -> String {
        Networking.HTTPRequest(kind: .mediaSegment, url: url).loggableTarget
    }

    static func plain(_ status: HTTPTypes.HTTPResponse.Status, _ text: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
    }
}
