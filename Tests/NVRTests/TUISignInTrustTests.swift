import DemoBackend
import Foundation
import TestSupport
import Testing

/// The TUI's sign-in form against Frigate's authenticated port as it ships (the demo's Frigate
/// flavour over HTTPS with a self-signed certificate made by openssl): the form shows the
/// certificate and its fingerprint as `login` does and asks; anything but `yes` pins nothing and
/// sends nothing; `yes` pins it, the server is probed (the form names Frigate and asks for the
/// User), and the sign-in opens the list. A second start does not ask again.
@Suite(.serialized, .machineShare) struct TUISignInTrustTests {
    /// The form's text as one line (rows inside the box joined, runs of spaces made one): for
    /// sentences the box wraps.
    static func prose(_ screen: String) -> String {
        screen.split(separator: "\n").map { row in
            row.split(separator: "│", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? ""
        }.joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(3)))
    func theFormShowsTheCertificateNoRefusesItYesPinsItAndSignsIn() async throws {
        let frigate = try await SelfSignedFrigate.start(name: "frigate-form")
        let folder = frigate.folder, ssh = frigate.sshFingerprint, server = frigate.server
        defer { Task { await server.stop() } }
        let url = server.baseURL.absoluteString
        #expect(url.hasPrefix("https://"))
        let address = "127.0.0.1:\(server.baseURL.port ?? 0)"
        let binary = try Binary()
        let pins = binary.home.appending(path: "state/eventplayer/known-certificates.json")
        let log = binary.home.appending(path: "state/eventplayer/eventplayer.log")
        let pane = try Tmux(socket: "ep-e2e-signin-trust-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
            try? FileManager.default.removeItem(at: folder)
        }
        let command = binary.paneScript("--server \(url) --video none --no-audio")
        pane.start(columns: 120, rows: 40, environment: binary.paneEnvironment, command: command)

        // The certificate as `login` shows it, and the Trust field.
        let asked = try await Tmux.offPool { try pane.waitFor("fingerprint  \(ssh)") }
        #expect(asked.contains("The certificate of \(address) is not trusted by this system (self-signed)."), "\(asked)")
        #expect(asked.contains("subject      CN=nvr.test"), "\(asked)")
        #expect(asked.contains("names        127.0.0.1"), "\(asked)")
        #expect(asked.contains("Trust     █"), "the Trust field has the cursor:\n\(asked)")
        #expect(await server.requestLog().isEmpty, "nothing is sent before the certificate is trusted")

        // `no`: refused, nothing pinned, nothing sent, still on the form (asking again).
        let refused = try await Tmux.offPool {
            pane.type("no")
            pane.keys("Enter")
            return try pane.waitFor("was not trusted: nothing was pinned")
        }
        #expect(Self.prose(refused).contains("The certificate of \(address) was not trusted: nothing was pinned or sent to the server. "
            + "Type yes in Trust to trust it."), "\(refused)")
        #expect(refused.contains("fingerprint  \(ssh)"), "still asked:\n\(refused)")
        #expect(!FileManager.default.fileExists(atPath: pins.path))
        #expect(await server.requestLog().isEmpty)

        // `yes`: pinned; the probe finds Frigate, whose sign-in asks for a User; the list opens.
        let identified = try await Tmux.offPool {
            pane.type("yes")
            pane.keys("Enter")
            return try pane.waitFor("Sign in to Frigate at \(url)")
        }
        #expect(Self.prose(identified).contains("Pinned the certificate of \(address) (\(ssh))"), "\(identified)")
        #expect(identified.contains("User      █"), "the form asks for Frigate's user:\n\(identified)")
        #expect(!identified.contains("Email"), "\(identified)")
        let pinned = try String(contentsOf: pins, encoding: .utf8)
        #expect(pinned.contains("\"\(address)\""))
        #expect(pinned.contains(ssh))
        let listed = try await Tmux.offPool {
            pane.type(DemoAccount.frigateUser)
            pane.keys("Tab")
            pane.type(DemoAccount.frigatePassword)
            pane.keys("Enter")
            // The header says "0 loaded" under the form too: the list is there when the form is gone and rows came.
            return try pane.waitUntil("the list") { screen in
                !screen.contains("Sign in") && screen.range(of: #"[1-9][0-9]* loaded"#, options: .regularExpression) != nil
            }
        }
        #expect(!listed.contains(DemoAccount.frigatePassword))
        #expect(await server.requestLog().contains { $0.path == "/api/login" && $0.status == 200 })
        let written = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(!written.isEmpty)
        #expect(!written.contains(DemoAccount.frigatePassword), "no password in the log")
        #expect(!written.contains("eyJ"), "no token in the log")
        pane.kill()

        // A second start (signed out, the pin kept): the form names Frigate and does not ask.
        let logout = try await binary.run(["logout"])
        #expect(logout.status == 0, "\(logout.stderr)")
        pane.start(columns: 120, rows: 40, environment: binary.paneEnvironment, command: command)
        let again = try await Tmux.offPool { try pane.waitFor("Sign in to Frigate at \(url)") }
        #expect(!again.contains("fingerprint"), "\(again)")
        #expect(!again.contains("Trust"), "\(again)")
        #expect(again.contains("User      █"), "\(again)")
        #expect(try String(contentsOf: pins, encoding: .utf8) == pinned)
    }

    /// Another certificate on a pinned `host:port` is shown under login's warning with both
    /// fingerprints, never accepted silently; `no` keeps the old pin and sends nothing.
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func aChangedCertificateIsShownAsAChangeAndNoKeepsThePin() async throws {
        let folder = try TestCertificates.folder()
        let first = try await TestCertificates.selfSigned(in: folder, name: "pinned")
        let second = try await TestCertificates.selfSigned(in: folder, name: "replaced")
        let ssh = try await TestCertificates.sshFingerprint(first.certificate)
        let ssh2 = try await TestCertificates.sshFingerprint(second.certificate)
        let server = try await TLSTrustTests.httpsOnAFixedPort(first)
        let url = server.baseURL.absoluteString
        let port = try #require(server.baseURL.port)
        let address = "127.0.0.1:\(port)"
        let binary = try Binary()
        let pins = TLSTrustTests.pinFile(binary)
        let pane = try Tmux(socket: "ep-e2e-signin-changed-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
            try? FileManager.default.removeItem(at: folder)
        }
        let login = try await TLSTrustTests.login(binary, url, ["--trust-fingerprint", ssh])
        try #require(login.status == 0, "\(login.stderr)")
        #expect(try await binary.run(["logout"]).status == 0)
        let pinned = try String(contentsOf: pins, encoding: .utf8)
        await server.stop()
        let impostor = try await TLSTrustTests.https(second, port: port, waitingForPort: true)
        defer { Task { await impostor.stop() } }

        pane.start(columns: 120, rows: 40, environment: binary.paneEnvironment,
                   command: binary.paneScript("--server \(url) --video none --no-audio"))
        let warned = try await Tmux.offPool { try pane.waitFor("fingerprint  \(ssh2)") }
        #expect(warned.contains("WARNING: THE CERTIFICATE OF \(address) HAS CHANGED since it was pinned."), "\(warned)")
        #expect(warned.contains("pinned       \(ssh)"), "\(warned)")
        #expect(warned.contains("Trust     █"), "\(warned)")
        let refused = try await Tmux.offPool {
            pane.type("no")
            pane.keys("Enter")
            return try pane.waitFor("was not trusted: nothing was pinned")
        }
        #expect(refused.contains("HAS CHANGED"), "still asked:\n\(refused)")
        #expect(try String(contentsOf: pins, encoding: .utf8) == pinned, "the old pin is kept")
        #expect(await impostor.requestLog().isEmpty, "nothing reached the other certificate's server")
    }
}
