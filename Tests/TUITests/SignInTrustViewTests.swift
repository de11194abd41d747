import Testing
@testable import TUI

/// The sign-in box while a certificate waits for trust: the certificate's lines (a changed one's
/// warning in red), the Trust field with the cursor, the user and password below, and the title
/// naming the server once it is known.
@Suite("Sign-in view: the certificate question")
struct SignInTrustViewTests {
    static let fingerprint = "SHA256:kdKtZsnRRIiRZ35nHiBDaiNJY77RBVtQ4wO8CmabXqs"
    static let pinnedFingerprint = "SHA256:tGNkq83vEjRWeJq83vEjRWeJq83vEjRWeJq83vEjRWe"
    static let hex = "91:D2:AD:66:C9:D1:44:88:91:67:7E:67:1E:20:43:6A:23:49:63:BE:D1:05:5B:50:E3:03:BC:0A:66:9B:5E:AB"

    static func asking(change: Bool = false) -> ScreenSnapshot {
        var form = SignInSnapshot(server: "https://nvr.local:8971", focus: .trust, userLabel: "User")
        form.certificate = (change ? ["WARNING: THE CERTIFICATE OF nvr.local:8971 HAS CHANGED since it was pinned.",
                                      "Someone may be intercepting the connection, or the server's certificate was replaced.",
                                      "  pinned       \(pinnedFingerprint)", "               \(hex)",
                                      "The server's certificate now:"]
                                   : ["The certificate of nvr.local:8971 is not trusted by this system (self-signed)."])
            + [
               "  subject      CN=nvr.local", "  issuer       itself (self-signed)", "  names        (none)",
               "  valid        2026-01-10 09:12 UTC to 2027-01-10 09:12 UTC",
               "  fingerprint  \(fingerprint)", "               \(hex)",
               "Compare it with the server's own (e.g. openssl x509 -noout -fingerprint -sha256 -in <its certificate file>)."]
        form.isCertificateChange = change
        form.trustAnswer = "ye"
        return ScreenSnapshot(signIn: form)
    }

    @Test func theCertificateAndTheTrustFieldAreShownAboveTheUserAndPassword() throws {
        let text = OffscreenRenderer.render(Self.asking(), columns: 120, rows: 40)
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let fingerprint = try #require(rows.firstIndex { $0.contains("fingerprint  \(Self.fingerprint)") }, "\(text)")
        let trust = try #require(rows.firstIndex { $0.contains("Trust     ye█") }, "\(text)")
        let user = try #require(rows.firstIndex { $0.contains("User ") }, "\(text)")
        let password = try #require(rows.firstIndex { $0.contains("Password ") }, "\(text)")
        #expect(fingerprint < trust && trust < user && user < password)
        #expect(text.contains("subject      CN=nvr.local"))
        #expect(text.contains("Type yes in Trust to trust it"))
        #expect(text.contains(String(Self.hex.prefix(40))), "the hex form, wrapped where it must be")
    }

    @Test func aChangedCertificatesWarningIsRed() throws {
        let grid = OffscreenRenderer.grid(Self.asking(change: true), columns: 120, rows: 40)
        let rows = grid.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let y = try #require(rows.firstIndex { $0.contains("WARNING: THE CERTIFICATE OF nvr.local:8971 HAS CHANGED") }, "\(grid.text)")
        let x = try #require(rows[y].range(of: "WARNING").map { rows[y].distance(from: rows[y].startIndex, to: $0.lowerBound) })
        #expect(grid.style(x: x, y: y) == .error)
        let subject = try #require(rows.firstIndex { $0.contains("subject      CN=nvr.local") })
        let at = try #require(rows[subject].range(of: "subject").map { rows[subject].distance(from: rows[subject].startIndex, to: $0.lowerBound) })
        #expect(grid.style(x: at, y: subject) == .normal)
    }

    @Test func theTitleNamesTheServerAndSmallTerminalsKeepTheFields() {
        var screen = Self.asking()
        screen.signIn?.title = "Sign in to Frigate at https://nvr.local:8971"
        #expect(OffscreenRenderer.render(screen, columns: 120, rows: 40).contains("Sign in to Frigate at https://nvr.local:8971"))
        let small = OffscreenRenderer.render(screen, columns: 80, rows: 24)
        #expect(small.contains("Trust     ye█"), "\(small)")
        #expect(small.contains("Password"), "\(small)")
        #expect(small.contains("fingerprint  \(Self.fingerprint)"), "\(small)")

        // A changed certificate on 80×24: the warning and both fingerprints stay; less needed lines go.
        let changed = OffscreenRenderer.render(Self.asking(change: true), columns: 80, rows: 24)
        #expect(changed.contains("WARNING: THE CERTIFICATE OF nvr.local:8971 HAS CHANGED"), "\(changed)")
        #expect(changed.contains("pinned       \(Self.pinnedFingerprint)"), "\(changed)")
        #expect(changed.contains("fingerprint  \(Self.fingerprint)"), "\(changed)")
        #expect(changed.contains("Trust     ye█") && changed.contains("Password"), "\(changed)")
        let tall = OffscreenRenderer.render(Self.asking(change: true), columns: 120, rows: 40)
        #expect(tall.contains("subject      CN=nvr.local") && tall.contains("Compare it with"), "all of it where it fits:\n\(tall)")
    }
}
