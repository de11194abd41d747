import AppCore
import TUI

/// The sign-in form's part of the program: it takes every key while shown (Esc and q do nothing:
/// there is nowhere to go back to); a submitted form asks the coordinator to sign in, whose answer
/// opens the list or puts the reason on the form.
extension AppState {
    mutating func applyToForm(_ action: UserAction) -> [AppEffect] {
        guard var current = form else { return [] }
        if action == .quitOrBack || action == .back { return [] }
        let credentials = current.apply(action)
        mode = .signIn(current)
        return credentials.map { [.signIn(email: $0.email, password: $0.password)] } ?? []
    }

    /// Signed in as `name`: the list, fetched from its first page.
    mutating func signedIn(as name: String) -> [AppEffect] {
        mode = .scene(.browse(Browse()))
        user = name
        return beginRefresh()
    }

    /// The server refused (or could not be reached): the form says why and takes keys again.
    mutating func signInFailed(_ text: String) {
        guard var form else { return }
        form.isBusy = false
        form.errorText = text
        mode = .signIn(form)
    }
}
