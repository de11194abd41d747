import Testing
@testable import PlaybackProxy

/// The proxy's token: the source's current one for each request (so a token the app's cache
/// renewed before its end is used at once, with no refusal first), and one refresh for many
/// requests refused with the same token.
@Suite("TokenKeeper")
struct TokenKeeperTests {
    /// A source whose current token changes when `renew()` is called (as the app's cache does
    /// shortly before the token expires), and that counts refreshes.
    actor Renewing: MediaTokenSource {
        var number = 1
        var refreshes = 0
        func renew() { number += 1 }
        func token(refresh: Bool) async throws -> String {
            if refresh {
                refreshes += 1
                number += 1
            }
            return "t\(number)"
        }
    }

    @Test func aTokenRenewedBeforeItsEndIsUsedForTheNextRequest() async throws {
        let source = Renewing()
        let keeper = TokenKeeper(source: source)
        #expect(try await keeper.token() == "t1")
        await source.renew()
        #expect(try await keeper.token() == "t2", "the renewed token, without a refusal first")
        #expect(await keeper.refreshes == 0)
    }

    @Test func manyRefusalsOfOneTokenRefreshOnce() async throws {
        let source = Renewing()
        let keeper = TokenKeeper(source: source)
        let first = try await keeper.token()
        async let a = keeper.refresh(rejected: first)
        async let b = keeper.refresh(rejected: first)
        let (x, y) = try await (a, b)
        #expect(x == "t2" && y == "t2")
        #expect(await source.refreshes == 1)
        #expect(await keeper.refreshes == 1)
    }
}
