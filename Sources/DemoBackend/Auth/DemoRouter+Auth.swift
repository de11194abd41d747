import Foundation

/// `POST /v1/auth/sign-in` and `POST /v1/auth/refresh`.
extension DemoRouter {
    private struct SignInBody: Decodable {
        let email: String
        let password: String
    }

    private struct RefreshBody: Decodable {
        let refreshToken: String
    }

    struct SessionJSON: Encodable {
        struct User: Encodable {
            let id: String
            let email: String
            let name: String
        }

        let accessToken: String
        let refreshToken: String
        let expiresIn: Int
        let user: User
    }

    func signIn(_ request: RequestInfo) async -> Reply {
        guard let body = try? JSONDecoder().decode(SignInBody.self, from: request.body) else {
            return .error(400, "invalid_request", #"Send a JSON body {"email": "...", "password": "..."}."#)
        }
        let email = body.email.trimmingCharacters(in: .whitespaces)
        guard email.caseInsensitiveCompare(DemoAccount.email) == .orderedSame, body.password == DemoAccount.password else {
            return .error(401, "invalid_credentials", "Wrong e-mail or password. The demo account is \(DemoAccount.email).")
        }
        let session = await context.sessions.signIn(generation: plan.accessGeneration)
        return .json(Self.json(session))
    }

    func refresh(_ request: RequestInfo) async -> Reply {
        guard let body = try? JSONDecoder().decode(RefreshBody.self, from: request.body) else {
            return .error(400, "invalid_request", #"Send a JSON body {"refreshToken": "..."}."#)
        }
        guard let session = await context.sessions.refresh(body.refreshToken, generation: plan.accessGeneration) else {
            return .error(401, "invalid_refresh_token", "The refresh token is unknown or already used; sign in again.")
        }
        return .json(Self.json(session))
    }

    static func json(_ session: SessionStore.Session) -> SessionJSON {
        SessionJSON(
            accessToken: session.accessToken, refreshToken: session.refreshToken, expiresIn: session.expiresIn,
            user: .init(id: DemoAccount.userID, email: DemoAccount.email, name: DemoAccount.name)
        )
    }
}
