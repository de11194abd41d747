import AppCore
import Foundation
import SystemSupport
import TUI

/// The sign-in form's text (the password is never shown, only its length). While a server
/// certificate waits for trust (``question``), the form shows it with a Trust field first, as ssh
/// asks: `yes` there trusts it; anything else does not.
struct SignInForm: Sendable, Equatable {
    /// What the server calls the user: "Email" (the events service) or "User" (an NVR).
    var userLabel = "Email"
    var email = ""
    var password = ""
    var focus: SignInSnapshot.Field = .email
    var errorText: String?
    var isBusy = false
    /// What a probe found the server to be ("Frigate"...): the title names it.
    var serverName: String?
    /// The certificate to trust before anything is sent, and the answer typed so far.
    var question: CertificateQuestion?
    var trustAnswer = ""
    /// A line that is not an error (the certificate was pinned).
    var note: String?
    /// `yes` came with the user and password: sign in once the certificate is trusted and the
    /// server identified.
    var signInAfterTrust = false

    /// What a submitted form asks for.
    enum Submission: Equatable {
        case signIn(email: String, password: String)
        /// `yes` to the certificate with this fingerprint.
        case trust(fingerprint: String)
    }

    /// The form's part of the program: it takes every key while shown. Esc and q do nothing
    /// (there is nowhere to go back to), except that Esc declines a certificate, as ssh's Ctrl-C;
    /// a submitted form asks the coordinator to sign in (``AppEffect/signIn(email:password:)``),
    /// or to pin the certificate `yes` trusted (``AppEffect/trustCertificate(fingerprint:)``).
    mutating func reduce(_ action: UserAction) -> [AppEffect] {
        if action == .back, question != nil {   // Esc: not trusted
            decline()
            return []
        }
        if action == .quitOrBack || action == .back { return [] }
        switch apply(action) {
        case .signIn(let email, let password): return [.signIn(email: email, password: password)]
        case .trust(let fingerprint): return [.trustCertificate(fingerprint: fingerprint)]
        case nil: return []
        }
    }

    /// Applies a text-entry action; returns what to do when the form is submitted complete.
    mutating func apply(_ action: UserAction) -> Submission? {
        guard !isBusy else { return nil }
        switch action {
        case .insertText(let text):
            edit { $0 += text }
        case .deleteBackward:
            edit { _ = $0.popLast() }
        case .clearField:
            edit { $0 = "" }
        case .nextField:
            focus = fields[(fields.firstIndex(of: focus).map { $0 + 1 } ?? 0) % fields.count]
        case .previousField:
            focus = fields[((fields.firstIndex(of: focus) ?? 0) + fields.count - 1) % fields.count]
        case .submit:
            return submit()
        default:
            break
        }
        return nil
    }

    /// The fields the cursor visits, in order: Trust first while a certificate is asked about.
    var fields: [SignInSnapshot.Field] {
        question == nil ? [.email, .password] : [.trust, .email, .password]
    }

    private mutating func edit(_ change: (inout String) -> Void) {
        switch focus {
        case .password: change(&password)
        case .trust: change(&trustAnswer)
        default: change(&email)
        }
    }

    private mutating func submit() -> Submission? {
        let address = email.trimmingCharacters(in: .whitespaces)
        if let question {
            return answer(question, credentials: !address.isEmpty && !password.isEmpty)
        }
        if address.isEmpty { focus = .email; errorText = "Enter your \(userLabel == "Email" ? "email" : "user name")."; return nil }
        if password.isEmpty {
            errorText = focus == .password ? "Enter your password." : nil
            focus = .password
            return nil
        }
        errorText = nil
        isBusy = true
        return .signIn(email: address, password: password)
    }

    /// The Trust field's answer: `yes` trusts the certificate (and signs in after, when the user
    /// and password are there); an empty answer elsewhere in the form goes to the field; anything
    /// else refuses it, sending and pinning nothing.
    private mutating func answer(_ question: CertificateQuestion, credentials: Bool) -> Submission? {
        let answer = trustAnswer.trimmingCharacters(in: .whitespaces).lowercased()
        if answer.isEmpty && focus != .trust {
            focus = .trust
            errorText = "Type yes in Trust to trust this certificate (compare its fingerprint with the server's first)."
            return nil
        }
        guard answer == "yes" || answer == "y" else {
            decline()
            return nil
        }
        errorText = nil
        isBusy = true
        signInAfterTrust = credentials
        return .trust(fingerprint: question.fingerprint)
    }

    /// Not trusted (an answer other than yes, or Esc): the form says so and asks again; nothing
    /// is pinned or sent.
    mutating func decline() {
        guard let question, !isBusy else { return }
        trustAnswer = ""
        focus = .trust
        errorText = "The certificate of \(question.address) was not trusted: nothing was pinned or sent to the server. "
            + "Type yes in Trust to trust it."
    }

    /// The box's title: the server, once a probe said what it is.
    func title(server: String) -> String {
        serverName.map { "Sign in to \($0) at \(server)" } ?? "Sign in"
    }

    func snapshot(server: String) -> SignInSnapshot {
        var snapshot = SignInSnapshot(email: email, passwordLength: password.count, server: server, focus: focus,
                                      errorText: errorText, isBusy: isBusy, userLabel: userLabel)
        snapshot.title = title(server: server)
        snapshot.note = note
        snapshot.busyText = question != nil ? "Trusting the certificate…" : "Signing in…"
        if let question {
            snapshot.certificate = question.lines.map(TerminalText.printable)
            snapshot.isCertificateChange = question.isChange
            snapshot.trustAnswer = trustAnswer
            snapshot.trustLabel = "Trust"
        }
        return snapshot
    }

    // MARK: - What the server and its certificate answered

    /// The server refused (or could not be reached): says why and takes keys again.
    mutating func failed(_ text: String) {
        isBusy = false
        signInAfterTrust = false
        errorText = text
    }

    /// The server's certificate needs the user's trust: shows it and asks (focus on the Trust
    /// field unless the user has begun typing).
    mutating func ask(_ certificate: CertificateQuestion) {
        question = certificate
        trustAnswer = ""
        isBusy = false
        note = nil
        if email.isEmpty && password.isEmpty { focus = .trust }
    }

    /// The certificate cannot be trusted here (expired, not for this host, issued by an unknown
    /// CA): says why; signing in would fail the same way.
    mutating func certificateRefused(_ text: String) {
        question = nil
        isBusy = false
        signInAfterTrust = false
        errorText = UserFacing.sentence(text)
        if focus == .trust { focus = .email }
    }

    /// The certificate is pinned: the question goes and the form says so; a sign-in asked for
    /// before the question goes on once the server is probed (``identified(_:)``).
    mutating func certificateTrusted(_ text: String) {
        question = nil
        trustAnswer = ""
        errorText = nil
        note = UserFacing.sentence(text)
        isBusy = signInAfterTrust
        if focus == .trust { focus = email.isEmpty ? .email : .password }
    }

    /// A probe said what the server is (one that needs a sign-in): the form names it and asks
    /// for the user as it calls it; a sign-in waiting for the certificate goes now.
    mutating func identified(_ identity: ServerIdentity) -> [AppEffect] {
        userLabel = identity.userLabel
        if let name = identity.name { serverName = name }
        let signIn = signInAfterTrust && question == nil
        signInAfterTrust = false
        return signIn ? [.signIn(email: email.trimmingCharacters(in: .whitespaces), password: password)] : []
    }
}

extension SignInForm {
    /// The form again after the session expired (a page asked to sign in): empty, saying why.
    init(userLabel: String, serverName: String?, reason: String) {
        self.init(userLabel: userLabel, serverName: serverName)
        errorText = UserFacing.sentence(reason)
    }
}
