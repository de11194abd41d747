import AppCore
import Foundation
import Testing
import TUI
@testable import TUIState

/// The sign-in form's certificate question (trust on first use, as `eventplayer login` asks it):
/// the certificate is shown with a Trust field; `yes` pins it, then the server is probed and the
/// sign-in goes; anything else (Esc too) refuses it, asking nothing of the server.
@Suite("AppState: the sign-in form trusts a certificate")
struct SignInTrustReducerTests {
    static let fingerprint = "SHA256:q83vEjRWeJq83vEjRWeJq83vEjRWeJq83vEjRWeJq80"
    static let question = CertificateQuestion(
        address: "nvr.local:8971", fingerprint: fingerprint,
        lines: ["The certificate of nvr.local:8971 is not trusted by this system (self-signed).",
                "  subject      CN=nvr\u{1B}[2J", "  fingerprint  \(fingerprint)"], isChange: false)
    static let frigate = ServerIdentity(name: "Frigate", userLabel: "User", severities: ["alert", "detection"], needsSignIn: true)

    func asked() -> AppState {
        var state = AppState(server: "https://nvr.local:8971", isDemo: false, user: nil)
        #expect(state.start() == [.checkServer])
        #expect(state.reduce(.certificateNeedsTrust(Self.question), now: .now).isEmpty)
        return state
    }

    func type(_ text: String, into state: inout AppState) {
        _ = state.reduce(.action(.insertText(text)), now: .now)
    }

    @Test func theQuestionShowsTheCertificateEscapedWithTheTrustFieldFirst() throws {
        let state = asked()
        let form = try #require(state.screen().signIn)
        #expect(form.focus == .trust)
        #expect(form.certificate.contains("  fingerprint  \(Self.fingerprint)"))
        #expect(form.certificate.contains("  subject      CN=nvr\\u{1B}[2J"), "server text is escaped")
        #expect(!form.certificate.joined().contains("\u{1B}"))
        #expect(form.isCertificateChange == false)
        #expect(form.title == "Sign in")
    }

    @Test func yesWithTheUserAndPasswordPinsThenSignsInOnceTheServerIsKnown() {
        var state = asked()
        type("yes", into: &state)
        _ = state.reduce(.action(.nextField), now: .now)
        type("admin", into: &state)
        _ = state.reduce(.action(.nextField), now: .now)
        type("secret", into: &state)
        #expect(state.reduce(.action(.submit), now: .now) == [.trustCertificate(fingerprint: Self.fingerprint)],
                "pinned first: nothing else is sent yet")
        #expect(state.screen().signIn?.isBusy == true)
        #expect(state.reduce(.certificateTrusted(message: "pinned the certificate of nvr.local:8971 (…) in /k.json"), now: .now).isEmpty)
        #expect(state.screen().signIn?.certificate.isEmpty == true)
        let effects = state.reduce(.serverIdentified(Self.frigate), now: .now)
        #expect(effects == [.signIn(email: "admin", password: "secret")])
        #expect(state.screen().signIn?.title == "Sign in to Frigate at https://nvr.local:8971")
        #expect(state.screen().signIn?.userLabel == "User")
        #expect(state.reduce(.signedIn(user: "admin"), now: .now) == [.fetchPage(cursor: nil, generation: 1)])

        // The session expires later: the form comes back naming the server and asking for its User.
        _ = state.reduce(.pageFailed(message: "the session has expired: sign in again", needsSignIn: true,
                                     generation: state.list.fetchGeneration), now: .now)
        #expect(state.screen().signIn?.title == "Sign in to Frigate at https://nvr.local:8971")
        #expect(state.screen().signIn?.userLabel == "User")
    }

    @Test func yesAloneTrustsThenAsksForTheUserAsTheServerCallsIt() {
        var state = asked()
        type("YES", into: &state)
        #expect(state.reduce(.action(.submit), now: .now) == [.trustCertificate(fingerprint: Self.fingerprint)])
        _ = state.reduce(.certificateTrusted(message: "pinned the certificate of nvr.local:8971 (…) in /k.json"), now: .now)
        #expect(state.reduce(.serverIdentified(Self.frigate), now: .now).isEmpty, "no sign-in without a user and password")
        let form = state.screen().signIn
        #expect(form?.isBusy == false)
        #expect(form?.focus == .email)
        #expect(form?.userLabel == "User")
        #expect(form?.note == "Pinned the certificate of nvr.local:8971 (…) in /k.json.")
        type("admin", into: &state)
        _ = state.reduce(.action(.nextField), now: .now)
        type("secret", into: &state)
        #expect(state.reduce(.action(.submit), now: .now) == [.signIn(email: "admin", password: "secret")])
    }

    @Test(arguments: ["no", "n", "yess", "trust", ""])
    func anythingElseRefusesAndSendsNothing(_ answer: String) {
        var state = asked()
        type(answer, into: &state)
        _ = state.reduce(.action(.nextField), now: .now)
        type("admin", into: &state)
        _ = state.reduce(.action(.nextField), now: .now)
        type("secret", into: &state)
        _ = state.reduce(.action(.nextField), now: .now)   // back on Trust
        #expect(state.reduce(.action(.submit), now: .now).isEmpty)
        let form = state.screen().signIn
        #expect(form?.errorText == "The certificate of nvr.local:8971 was not trusted: nothing was pinned or sent to the server. "
            + "Type yes in Trust to trust it.")
        #expect(form?.certificate.isEmpty == false, "still asked")
        #expect(form?.isBusy == false)
        #expect(form?.trustAnswer == "")
        #expect(form?.focus == .trust)
    }

    @Test func enterElsewhereWithNoAnswerGoesToTheTrustField() {
        var state = asked()
        _ = state.reduce(.action(.nextField), now: .now)
        type("admin", into: &state)
        #expect(state.reduce(.action(.submit), now: .now).isEmpty)
        #expect(state.form?.focus == .trust)
        #expect(state.form?.errorText?.hasPrefix("Type yes in Trust") == true)
    }

    @Test func escDeclinesTheCertificate() {
        var state = asked()
        type("ye", into: &state)
        #expect(state.reduce(.action(.back), now: .now).isEmpty)
        #expect(state.form?.errorText?.hasPrefix("The certificate of nvr.local:8971 was not trusted") == true)
        #expect(state.form?.question != nil)
        #expect(state.form?.trustAnswer == "")
    }

    @Test func aChangedCertificateIsShownAsAWarning() {
        var state = AppState(server: "https://nvr.local:8971", isDemo: false, user: nil)
        var changed = Self.question
        changed.isChange = true
        changed.lines.insert("WARNING: THE CERTIFICATE OF nvr.local:8971 HAS CHANGED since it was pinned.", at: 0)
        _ = state.reduce(.certificateNeedsTrust(changed), now: .now)
        #expect(state.screen().signIn?.isCertificateChange == true)
        #expect(state.screen().signIn?.certificate.first?.hasPrefix("WARNING: THE CERTIFICATE") == true)
    }

    @Test func aCertificateThatCannotBeTrustedIsTheFormsError() {
        var state = asked()
        _ = state.reduce(.certificateRefused(message: "the certificate of nvr.local:8971 expired on 2024-01-01 00:00 UTC: renew it on the server"),
                         now: .now)
        let form = state.screen().signIn
        #expect(form?.certificate.isEmpty == true)
        #expect(form?.errorText == "The certificate of nvr.local:8971 expired on 2024-01-01 00:00 UTC: renew it on the server.")
        #expect(form?.focus == .email)
    }

    @Test func anIdentifiedServerNamesItselfAndOneWithoutSignInOpensTheList() {
        var state = AppState(server: "https://nvr.local:8971", isDemo: false, user: nil)
        _ = state.reduce(.serverIdentified(ServerIdentity(name: "ZoneMinder", userLabel: "User", severities: [], needsSignIn: true)), now: .now)
        #expect(state.screen().signIn?.title == "Sign in to ZoneMinder at https://nvr.local:8971")
        #expect(state.screen().signIn?.userLabel == "User")
        _ = state.reduce(.action(.submit), now: .now)
        #expect(state.form?.errorText == "Enter your user name.")

        var open = AppState(server: "http://nvr.local:5000", isDemo: false, user: nil)
        let effects = open.reduce(.serverIdentified(ServerIdentity(name: "Frigate", userLabel: "User", severities: ["alert"],
                                                                   needsSignIn: false)), now: .now)
        #expect(effects == [.fetchPage(cursor: nil, generation: 1)])
        #expect(open.screen().signIn == nil)
    }

    @Test func aFailedPinPutsTheReasonOnTheFormAndAsksAgain() {
        var state = asked()
        type("yes", into: &state)
        _ = state.reduce(.action(.submit), now: .now)
        _ = state.reduce(.signInFailed(message: "Pinned certificates: /k.json: cannot be written: Permission denied."), now: .now)
        #expect(state.form?.isBusy == false)
        #expect(state.form?.question != nil)
        #expect(state.form?.errorText?.contains("Permission denied") == true)
    }
}
