import AppCore
import Foundation
import Testing
import TUI
@testable import TUIState

@Suite("AppState: sign-in form")
struct SignInReducerTests {
    func formState() -> AppState { AppState(server: "http://127.0.0.1:8080", isDemo: false, user: nil) }

    @Test func noSessionShowsTheFormAndFetchesNothing() {
        var state = formState()
        #expect(state.start() == [.checkServer], "the server's certificate and kind are checked, no page is fetched")
        let form = state.screen().signIn
        #expect(form?.server == "http://127.0.0.1:8080")
        #expect(form?.focus == .email)
    }

    @Test func typingTabPasswordEnterSignsIn() {
        var state = formState()
        for action: UserAction in [.insertText("demo@x.dev"), .nextField, .insertText("sec"), .insertText("ret"), .deleteBackward] {
            #expect(state.reduce(.action(action), now: .now).isEmpty)
        }
        let screen = state.screen().signIn
        #expect(screen?.email == "demo@x.dev")
        #expect(screen?.passwordLength == 5, "only the length is shown")
        #expect(state.reduce(.action(.submit), now: .now) == [.signIn(email: "demo@x.dev", password: "secre")])
        #expect(state.screen().signIn?.isBusy == true)
        #expect(state.reduce(.action(.insertText("x")), now: .now).isEmpty, "no edits while busy")
    }

    @Test func enterOnTheEmailFieldMovesToThePassword() {
        var state = formState()
        _ = state.reduce(.action(.insertText("a@b.c")), now: .now)
        #expect(state.reduce(.action(.submit), now: .now).isEmpty)
        #expect(state.form?.focus == .password)
        #expect(state.form?.errorText == nil)
        #expect(state.reduce(.action(.submit), now: .now).isEmpty)
        #expect(state.form?.errorText == "Enter your password.")
    }

    @Test func emptyEmailIsAnInlineError() {
        var state = formState()
        _ = state.reduce(.action(.submit), now: .now)
        #expect(state.screen().signIn?.errorText == "Enter your email.")
    }

    @Test func failureShowsInlineAndAllowsAnotherTry() {
        var state = formState()
        _ = state.reduce(.action(.insertText("a@b.c")), now: .now)
        _ = state.reduce(.action(.nextField), now: .now)
        _ = state.reduce(.action(.insertText("bad")), now: .now)
        _ = state.reduce(.action(.submit), now: .now)
        _ = state.reduce(.signInFailed(message: "Wrong email or password."), now: .now)
        #expect(state.screen().signIn?.errorText == "Wrong email or password.")
        #expect(state.screen().signIn?.isBusy == false)
        _ = state.reduce(.action(.clearField), now: .now)
        #expect(state.form?.password == "")
    }

    @Test func qTypesAndCtrlCQuitsInTheForm() {
        var state = formState()
        #expect(state.reduce(.action(.quitOrBack), now: .now).isEmpty)
        #expect(state.reduce(.action(.quit), now: .now) == [.quit])
    }

    @Test func signedInLoadsTheFirstPage() {
        var state = formState()
        let effects = state.reduce(.signedIn(user: "Demo User"), now: .now)
        #expect(effects == [.fetchPage(cursor: nil, generation: 1)])
        #expect(state.screen().signIn == nil)
        #expect(state.screen().header.user == "Demo User")
        #expect(state.screen().list.isLoading)
    }

    @Test func expiredSessionOnAPageBringsTheFormBack() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.refresh), now: .now)
        _ = state.reduce(.pageFailed(message: "the session has expired: sign in again", needsSignIn: true,
                                     generation: state.list.fetchGeneration), now: .now)
        #expect(state.screen().signIn?.errorText == "The session has expired: sign in again.")
    }
}
