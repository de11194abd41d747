import DemoBackend
import Foundation
import TestSupport
import Testing

/// HTTPS as self-hosters have it (docs/network.md, "TLS and certificate pinning"): the real binary
/// against the demo backend serving TLS on 127.0.0.1 with certificates made by openssl. A
/// self-signed certificate is pinned only with the user's word (`--trust-fingerprint`, or yes on
/// the terminal) and then is the only one accepted for that host:port; `--ca-file` trusts a
/// private CA without any pin.
@Suite("Certificate trust: pinning on first use and --ca-file", .serialized, .machineShare)
struct TLSTrustTests {
    /// The demo backend (events flavour) over HTTPS with `pair`, on `port` (0: a free one).
    static func https(_ pair: TestCertificates.Pair, port: Int = 0, waitingForPort: Bool = false) async throws -> DemoServer {
        var configuration = DemoConfiguration()
        configuration.tls = DemoTLS(certificateFile: pair.certificate, privateKeyFile: pair.key)
        configuration.port = port
        configuration.generatedEventCount = 20
        // The same port again (the impostor): the stopped server's socket may take the kernel a
        // moment to release on a loaded machine; wait for the port (10 s at most), nothing else.
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            do {
                return try await DemoServer.start(configuration)
            } catch let error as DemoBackendError where waitingForPort && "\(error)".contains("Address already in use")
                && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(200))
            }
        }
    }

    /// A server on a port below Linux's ephemeral range (32768 up), so that no outgoing connection
    /// or port-0 listener of the tests running beside it takes the port while it is stopped and
    /// started again with another certificate.
    static func httpsOnAFixedPort(_ pair: TestCertificates.Pair) async throws -> DemoServer {
        var lastError: (any Error)?
        for _ in 0..<20 {
            do { return try await https(pair, port: Int.random(in: 20_000..<32_000)) } catch { lastError = error }
        }
        throw lastError!
    }

    static func login(_ binary: Binary, _ url: String, _ extra: [String] = []) async throws -> Binary.Result {
        try await binary.run(["login", "--server", url, "--email", DemoAccount.email, "--password-stdin"] + extra,
                             input: DemoAccount.password + "\n")
    }

    static func pinFile(_ binary: Binary) -> URL {
        binary.home.appending(path: "state/eventplayer/known-certificates.json")
    }

    @Test(.timeLimit(.minutes(2)))
    func aSelfSignedCertificateIsPinnedOnlyWhenItsFingerprintIsGivenAndThenIsTheOnlyOneAccepted() async throws {
        let folder = try TestCertificates.folder()
        let first = try await TestCertificates.selfSigned(in: folder, name: "first")
        let hex = try await TestCertificates.opensslFingerprint(first.certificate)
        let ssh = try await TestCertificates.sshFingerprint(first.certificate)
        let server = try await Self.httpsOnAFixedPort(first)
        let url = server.baseURL.absoluteString
        let port = try #require(server.baseURL.port)
        let address = "127.0.0.1:\(port)"
        let binary = try Binary()
        #expect(url.hasPrefix("https://"))

        // No terminal to ask on and no flag: refused, naming the flag and the fingerprint; nothing
        // is pinned and nothing reaches the server (the password least of all).
        let refused = try await Self.login(binary, url)
        #expect(refused.status == 2)
        #expect(refused.stderr == "eventplayer: error: the certificate of \(address) is not trusted (self-signed); its fingerprint is "
            + "\(ssh) (\(hex)): check it on the server, then pass --trust-fingerprint \(ssh) to pin it "
            + "(standard input is not a terminal, so it cannot be asked)\n")
        #expect(!FileManager.default.fileExists(atPath: Self.pinFile(binary).path))
        #expect(await server.requestLog().isEmpty)

        // The fingerprint as openssl prints it: pinned (0600), signed in, and every later request
        // (API, playlists and segments through the proxy, export) accepts the certificate.
        let pinned = try await Self.login(binary, url, ["--trust-fingerprint", "sha256 Fingerprint=\(hex)"])
        #expect(pinned.status == 0, "\(pinned.stderr)")
        #expect(pinned.stderr == "eventplayer: pinned the certificate of \(address) (\(ssh)) in \(Self.pinFile(binary).path)\n")
        #expect(pinned.stdout.hasPrefix("signed in as \(DemoAccount.email) at \(url)"))
        let attributes = try FileManager.default.attributesOfItem(atPath: Self.pinFile(binary).path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let saved = try String(contentsOf: Self.pinFile(binary), encoding: .utf8)
        #expect(saved.contains("\"\(address)\""))
        #expect(saved.contains(ssh))
        let events = try await binary.run(["events", "--server", url, "--limit", "3"])
        #expect(events.status == 0, "\(events.stderr)")
        #expect(events.stdout.split(separator: "\n").count >= 3)
        let play = try await binary.run(["play", "evt-no-endlist", "--server", url, "--video", "none", "--no-audio",
                                         "--speed", "8", "--json"])
        #expect(play.status == 0, "\(play.stdout)\n\(play.stderr)")
        #expect(play.stdout.contains("\"finish\":\"ended\""), "\(play.stdout)")
        // mpv fetching the media itself cannot check a pin: direct mode says so and asks nothing of the server.
        let before = await server.requestLog().count
        let direct = try await binary.run(["play", "evt-no-endlist", "--server", url, "--video", "none", "--no-audio",
                                           "--network", "direct", "--json"])
        #expect(direct.status != 0)
        #expect((direct.stdout + direct.stderr).contains("--network direct cannot play from \(address): its certificate is pinned"),
                "\(direct.stdout)\n\(direct.stderr)")
        #expect(await server.requestLog().dropFirst(before).allSatisfy { !$0.path.hasPrefix("/media/") })
        let exports = binary.home.appending(path: "exports")
        try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
        let export = try await binary.run(["export", "evt-endlist", "-o", exports.path + "/", "--server", url])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(await server.requestLog().contains { $0.path.hasPrefix("/media/") && $0.status == 200 })

        // Another self-signed certificate on the same host:port: refused with both fingerprints,
        // at once (not retried), until the user trusts it again with `login`.
        await server.stop()
        let second = try await TestCertificates.selfSigned(in: folder, name: "second")
        let ssh2 = try await TestCertificates.sshFingerprint(second.certificate)
        let hex2 = try await TestCertificates.opensslFingerprint(second.certificate)
        let impostor = try await Self.https(second, port: port, waitingForPort: true)
        defer { Task { await impostor.stop() } }
        let changed = try await binary.run(["events", "--server", url])
        #expect(changed.status == 1)
        #expect(changed.stderr == "eventplayer: error: cannot reach the server at \(url) (the certificate of \(address) HAS CHANGED "
            + "since it was pinned (pinned \(ssh), now \(ssh2)): someone may be intercepting the connection, or the server's "
            + "certificate was replaced; check the new one on the server, then run `eventplayer login` again to trust it)\n")
        let again = try await Self.login(binary, url)
        #expect(again.status == 2)
        #expect(again.stderr == "eventplayer: error: the certificate of \(address) HAS CHANGED since it was pinned (pinned \(ssh), "
            + "now \(ssh2), \(hex2)): someone may be intercepting the connection, or the server's certificate was replaced; "
            + "check the new one on the server, then pass --trust-fingerprint \(ssh2) to trust it "
            + "(standard input is not a terminal, so it cannot be asked)\n")
        // The old fingerprint names the old certificate, not this one.
        let stale = try await Self.login(binary, url, ["--trust-fingerprint", ssh])
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("is not the one --trust-fingerprint names (given \(ssh); the server's is \(ssh2), \(hex2))"))
        #expect(await impostor.requestLog().isEmpty)
        #expect(try String(contentsOf: Self.pinFile(binary), encoding: .utf8) == saved)

        // `logout` keeps the pin (as ssh keeps known_hosts).
        let logout = try await binary.run(["logout"])
        #expect(logout.status == 0)
        #expect(FileManager.default.fileExists(atPath: Self.pinFile(binary).path))

        // Trusting the new one replaces the pin.
        let replaced = try await Self.login(binary, url, ["--trust-fingerprint", ssh2])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        let after = try await binary.run(["events", "--server", url, "--limit", "1"])
        #expect(after.status == 0, "\(after.stderr)")
        try? FileManager.default.removeItem(at: folder)
    }

    @Test(.timeLimit(.minutes(1)))
    func aWrongOrUnreadableFingerprintIsRefusedAndNothingIsPinned() async throws {
        let folder = try TestCertificates.folder()
        let served = try await TestCertificates.selfSigned(in: folder, name: "served")
        let other = try await TestCertificates.selfSigned(in: folder, name: "other")
        let otherHex = try await TestCertificates.opensslFingerprint(other.certificate)
        let servedSSH = try await TestCertificates.sshFingerprint(served.certificate)
        let server = try await Self.https(served)
        defer { Task { await server.stop() } }
        let url = server.baseURL.absoluteString
        let binary = try Binary()

        let wrong = try await Self.login(binary, url, ["--trust-fingerprint", otherHex])
        #expect(wrong.status == 1)
        let otherSSH = try await TestCertificates.sshFingerprint(other.certificate)
        #expect(wrong.stderr.hasPrefix("eventplayer: error: the certificate of 127.0.0.1:\(server.baseURL.port ?? 0) is not the one "
            + "--trust-fingerprint names (given \(otherSSH); the server's is \(servedSSH), "), "\(wrong.stderr)")
        #expect(wrong.stderr.hasSuffix("nothing was pinned; check the fingerprint on the server\n"))
        #expect(!FileManager.default.fileExists(atPath: Self.pinFile(binary).path))

        let unreadable = try await Self.login(binary, url, ["--trust-fingerprint", "SHA256:abc"])
        #expect(unreadable.status == 2)
        #expect(unreadable.stderr.contains("--trust-fingerprint: `SHA256:abc` is not a SHA-256 fingerprint: give SHA256:<base64> (ssh's form) "
            + "or 32 colon-separated hex bytes (what `openssl x509 -noout -fingerprint -sha256` prints)"), "\(unreadable.stderr)")
        #expect(await server.requestLog().isEmpty)
        try? FileManager.default.removeItem(at: folder)
    }

    @Test(.timeLimit(.minutes(1)))
    func caFileTrustsAPrivateAuthorityWithoutAPin() async throws {
        let folder = try TestCertificates.folder()
        let (authority, leaf) = try await TestCertificates.signedByAuthority(in: folder, name: "home")
        let server = try await Self.https(leaf)
        defer { Task { await server.stop() } }
        let url = server.baseURL.absoluteString
        let binary = try Binary()

        // Without the CA: a certificate signed by an unknown CA cannot be pinned; --ca-file is the way.
        let refused = try await Self.login(binary, url)
        #expect(refused.status == 1)
        #expect(refused.stderr == "eventplayer: error: the certificate of 127.0.0.1:\(server.baseURL.port ?? 0) is issued by "
            + "CN=Test Home CA, which this machine does not trust, and only a self-signed certificate can be pinned: pass "
            + "--ca-file with that CA's certificate (PEM)\n")

        let login = try await Self.login(binary, url, ["--ca-file", authority.certificate])
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: Self.pinFile(binary).path))
        let events = try await binary.run(["events", "--server", url, "--limit", "2", "--ca-file", authority.certificate])
        #expect(events.status == 0, "\(events.stderr)")

        // In direct mode mpv fetches the media itself and checks the certificate too: against the
        // CA file it is handed, and (another CA in its place) it refuses, rather than playing unchecked.
        let direct = try await binary.run(["play", "evt-no-endlist", "--server", url, "--video", "none", "--no-audio", "--speed", "8",
                                           "--network", "direct", "--ca-file", authority.certificate, "--json"])
        #expect(direct.status == 0, "\(direct.stdout)\n\(direct.stderr)")
        #expect(direct.stdout.contains("\"finish\":\"ended\""), "\(direct.stdout)")
        let (otherAuthority, _) = try await TestCertificates.signedByAuthority(in: folder, name: "other")
        let unchecked = try await binary.run(["play", "evt-no-endlist", "--server", url, "--video", "none", "--no-audio",
                                              "--network", "direct", "--ca-file", authority.certificate,
                                              "--mpv-option", "tls-ca-file=\(otherAuthority.certificate)", "--json"])
        #expect(unchecked.status != 0, "\(unchecked.stdout)\n\(unchecked.stderr)")
        #expect(unchecked.stdout.contains("certificate"), "the message names the refused certificate: \(unchecked.stdout)")
        #expect(!unchecked.stdout.contains("\"finish\":\"ended\""), "\(unchecked.stdout)")

        // The same from config.toml.
        let config = binary.home.appending(path: "config/eventplayer/config.toml")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("ca-file = \"\(authority.certificate)\"\n".utf8).write(to: config)
        let fromFile = try await binary.run(["events", "--server", url, "--limit", "2"])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")

        // Without it, a request says what to do.
        try FileManager.default.removeItem(at: config)
        let untrusted = try await binary.run(["events", "--server", url, "--limit", "2"])
        #expect(untrusted.status == 1)
        #expect(untrusted.stderr == "eventplayer: error: cannot reach the server at \(url) (the server's certificate is not trusted "
            + "(issued by CN=Test Home CA, a CA this machine does not trust): pass --ca-file with that CA's certificate (PEM))\n")

        // A file that is no certificate is a usage error naming it.
        let bad = folder.appending(path: "not-a-cert.pem")
        try Data("hello\n".utf8).write(to: bad)
        let unusable = try await binary.run(["events", "--server", url, "--ca-file", bad.path])
        #expect(unusable.status == 2)
        #expect(unusable.stderr.contains("--ca-file \(bad.path): holds no PEM certificate"), "\(unusable.stderr)")
        try? FileManager.default.removeItem(at: folder)
    }

    /// Frigate's authenticated port as it ships: HTTPS with a self-signed certificate. `login`
    /// detects Frigate through the pinned certificate, and the list and a review item's video
    /// (through the proxy, which checks the pin) work over it.
    @Test(.timeLimit(.minutes(2)))
    func frigatesSelfSignedPortIsPinnedThenSignedInListedAndPlayed() async throws {
        let frigate = try await SelfSignedFrigate.start(name: "frigate")
        let folder = frigate.folder, ssh = frigate.sshFingerprint, server = frigate.server
        defer { Task { await server.stop() } }
        let url = server.baseURL.absoluteString
        #expect(url.hasPrefix("https://"))
        let binary = try Binary()
        defer {
            try? FileManager.default.removeItem(at: binary.home)
            try? FileManager.default.removeItem(at: folder)
        }
        let login = try await binary.run(["login", "--server", url, "--user", DemoAccount.frigateUser, "--password-stdin",
                                          "--trust-fingerprint", ssh], input: DemoAccount.frigatePassword + "\n")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.contains("(Frigate)"), "\(login.stdout)")
        let listed = try await binary.run(["events", "--server", url, "--limit", "30", "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let id = try #require(items.first { $0["endTime"] is String }?["id"] as? String, "a finished item")
        let play = try await binary.run(["play", id, "--server", url, "--video", "none", "--no-audio", "--speed", "8", "--json"])
        #expect(play.status == 0, "\(play.stdout)\n\(play.stderr)")
        #expect(play.stdout.contains("\"finish\":\"ended\""), "\(play.stdout.suffix(300))")
        #expect(await server.requestLog().contains { $0.path.hasPrefix("/vod/") && $0.path.hasSuffix(".m4s") && $0.status == 200 })
    }

    /// On a terminal, `login` shows the certificate and asks; yes pins it, then the password is asked.
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(1)))
    func onATerminalLoginShowsTheCertificateAndAsks() async throws {
        let folder = try TestCertificates.folder()
        let pair = try await TestCertificates.selfSigned(in: folder, name: "asked")
        let ssh = try await TestCertificates.sshFingerprint(pair.certificate)
        let hex = try await TestCertificates.opensslFingerprint(pair.certificate)
        let server = try await Self.https(pair)
        defer { Task { await server.stop() } }
        let url = server.baseURL.absoluteString
        let address = "127.0.0.1:\(server.baseURL.port ?? 0)"
        let binary = try Binary()
        let pane = try Tmux(socket: "ep-e2e-tls-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
            try? FileManager.default.removeItem(at: folder)
        }
        let script = "'\(binary.url.path)' login --server '\(url)' --email \(DemoAccount.email); echo \"EXIT=$?\"; sleep 60"
        pane.start(columns: 140, rows: 30, environment: binary.paneEnvironment, command: script)
        try await Tmux.offPool {
            let screen = try pane.waitFor("Trust this certificate for \(address)? [y/N]")
            #expect(screen.contains("The certificate of \(address) is not trusted by this system (self-signed)."))
            #expect(screen.contains("subject      CN=nvr.test"))
            #expect(screen.contains("names        127.0.0.1"))
            #expect(screen.contains("fingerprint  \(ssh)"))
            #expect(screen.contains(hex))
            pane.type("y")
            pane.keys("Enter")
            try pane.waitFor("Password:")
            pane.type(DemoAccount.password)
            pane.keys("Enter")
            let done = try pane.waitFor("EXIT=")
            #expect(done.contains("pinned the certificate of \(address)"))
            #expect(done.contains("signed in as \(DemoAccount.email)"))
            #expect(done.contains("EXIT=0"))
        }
        #expect(FileManager.default.fileExists(atPath: Self.pinFile(binary).path))
    }
}
