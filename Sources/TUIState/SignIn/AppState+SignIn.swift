import AppCore
import TUI

/// The sign-in form's part of the program: it takes every key while shown (Esc and q do nothing:
/// there is nowhere to go back to, except that Esc declines a certificate); a submitted form asks the coordinator to sign in, whose answer
/// opens the list or puts the reason on the form. At start the coordinator checks the server
/// (``AppEffect/checkServer``): a certificate to trust is asked about on the form, and `yes`
/// pins it (``AppEffect/trustCertificate(fingerprint:)``) before anything is sent.
extension AppState {
    mutating func applyToForm(_ action: UserAction) -> [AppEffect] {
        guard var current = form else { return [] }
        if action == .back, current.question != nil {   // Esc: not trusted, as ssh's Ctrl-C
            current.decline()
            mode = .signIn(current)
            return []
        }
        if action == .quitOrBack || action == .back { return [] }
        let submission = current.apply(action)
        mode = .signIn(current)
        switch submission {
        case .signIn(let email, let password): return [.signIn(email: email, password: password)]
        case .trust(let fingerprint): return [.trustCertificate(fingerprint: fingerprint)]
        case nil: return []
        }
    }

    /// Signed in as `name`: the list, fetched from its first page.
    mutating func signedIn(as name: String) -> [AppEffect] {
        mode = .scene(.browse(Browse()))
        session.user = name
        return beginRefresh()
    }

    /// The server refused (or could not be reached): the form says why and takes keys again.
    mutating func signInFailed(_ text: String) {
        updateForm { $0.failed(text) }
    }

    /// The server's certificate needs the user's trust: the form shows it and asks.
    mutating func certificateNeedsTrust(_ question: CertificateQuestion) {
        updateForm { $0.ask(question) }
    }

    /// The certificate cannot be trusted here: the form says why.
    mutating func certificateRefused(_ text: String) {
        updateForm { $0.certificateRefused(UserFacing.sentence(text)) }
    }

    /// The certificate is pinned: the form says so; the server is probed next (``serverIdentified(_:)``).
    mutating func certificateTrusted(_ text: String) {
        updateForm { $0.certificateTrusted(UserFacing.sentence(text)) }
    }

    /// Changes the sign-in form while it is shown.
    private mutating func updateForm(_ change: (inout SignInForm) -> Void) {
        guard var form else { return }
        change(&form)
        mode = .signIn(form)
    }

    /// A probe said what the server is: the form names it and asks for the user as it calls it;
    /// a sign-in waiting for the certificate goes now; a server that needs none opens the list.
    mutating func serverIdentified(_ identity: ServerIdentity) -> [AppEffect] {
        catalogue.severities = identity.severities
        review.keep.name = identity.keepName
        session.signInLabel = identity.userLabel
        session.serverName = identity.name ?? session.serverName
        guard var form else { return [] }
        guard identity.needsSignIn else { return signedIn(as: "anonymous") }
        form.userLabel = identity.userLabel
        if let name = identity.name { form.serverName = name }
        let signIn = form.signInAfterTrust && form.question == nil
        form.signInAfterTrust = false
        mode = .signIn(form)
        return signIn ? [.signIn(email: form.email.trimmingCharacters(in: .whitespaces), password: form.password)] : []
    }
}
