import Foundation

/// Maps method + path to a route (docs/playback.md, "The events API") and answers JSON errors for everything else.
struct DemoRouter: Sendable {
    let context: DemoContext
    let plan: FaultPlan

    func route(_ request: RequestInfo) async -> Reply {
        let method = request.method
        switch request.path {
        case "/v1/auth/sign-in":
            return method == "POST" ? await signIn(request) : notAllowed(request, "POST")
        case "/v1/auth/refresh":
            return method == "POST" ? await refresh(request) : notAllowed(request, "POST")
        case "/v1/events":
            return method == "GET" || method == "HEAD" ? await listEvents(request) : notAllowed(request, "GET")
        case "/v1/events/tokens":
            return method == "GET" || method == "HEAD" ? await tokens(request) : notAllowed(request, "GET")
        case "/openapi.yaml":
            return openAPI()
        case let path where path.hasPrefix("/bench/"):
            return method == "GET" || method == "HEAD" ? bench(request) : notAllowed(request, "GET")
        case let path where path.hasPrefix("/presigned/"):
            return method == "GET" || method == "HEAD" ? presigned(request) : notAllowed(request, "GET")
        case let path where path.hasPrefix("/media/"):
            return method == "GET" || method == "HEAD" ? await media(request) : notAllowed(request, "GET")
        default:
            return .error(404, "not_found", "No such endpoint: \(request.path).")
        }
    }

    private func notAllowed(_ request: RequestInfo, _ allowed: String) -> Reply {
        var reply = Reply.error(405, "method_not_allowed", "\(request.method) is not allowed on \(request.path); use \(allowed).")
        reply.headers.append(("Allow", allowed))
        return reply
    }

    private func openAPI() -> Reply {
        let url = context.resources.appendingPathComponent("openapi.yaml")
        guard let data = try? Data(contentsOf: url) else {
            return .error(404, "not_found", "openapi.yaml is not installed next to the demo resources.")
        }
        return .data(data, contentType: "application/yaml")
    }

    /// Checks `Authorization: Bearer <accessToken>`; returns the 401 to answer, or nil when valid.
    func requireAccess(_ request: RequestInfo) async -> Reply? {
        guard var reply = await accessProblem(request) else { return nil }
        reply.headers.append(("WWW-Authenticate", "Bearer realm=\"eventplayer-demo\""))
        return reply
    }

    private func accessProblem(_ request: RequestInfo) async -> Reply? {
        guard let token = request.bearerToken else {
            return .error(401, "missing_token", "Send Authorization: Bearer <accessToken> (sign in at /v1/auth/sign-in).")
        }
        switch await context.sessions.check(token, generation: plan.accessGeneration) {
        case .valid: return nil
        case .expired: return .error(401, "token_expired", "The access token has expired; refresh it at /v1/auth/refresh.")
        case .unknown: return .error(401, "invalid_token", "The access token is not valid; sign in again.")
        }
    }
}
