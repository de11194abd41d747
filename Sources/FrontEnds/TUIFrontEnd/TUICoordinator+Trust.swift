import AppCore
import EventsAPI
import Foundation
import Networking
import SystemSupport
import TUIState

// MARK: - The server's certificate and identity (the sign-in form)

extension TUICoordinator {
    /// ``AppEffect/checkServer``: an https server's certificate is examined as `eventplayer login`
    /// examines it (``TrustOnFirstUse``), before anything is sent; one that needs trust goes to the
    /// form as a question, one that cannot be trusted as the reason; a trusted one (or plain http,
    /// or a server that cannot be reached now) is probed for what it is.
    func checkServer() {
        let services = services, inbox = inbox
        signInTask = Task { await TUICoordinator.checkServer(services: services, inbox: inbox) }
    }

    private static func checkServer(services: AppServices, inbox: Mailbox<AppInput>) async {
        let url = services.server.url
        if url.scheme?.lowercased() == "https", let address = ServerAddress(url: url) {
            let timeout = services.pipeline.configuration.timeouts(for: .apiAuth).connect
            if let examination = try? await services.trust.examine(address, timeout: timeout) {
                switch TrustOnFirstUse.decide(examination, fingerprint: nil, canAsk: true) {
                case .proceed, .accept:
                    break
                case .ask:
                    inbox.post(.certificateNeedsTrust(question(examination)))
                    return
                case .refuse(let message), .needsFingerprint(let message):
                    inbox.post(.certificateRefused(message: message))
                    return
                }
            }
        }
        await identify(services: services, inbox: inbox)
    }

    /// ``AppEffect/trustCertificate(fingerprint:)``: the user typed yes to the certificate with
    /// `fingerprint`. It is examined again and pinned (``TrustOnFirstUse/accept(_:trust:pins:)``,
    /// as `login` pins) only if the server still presents that one; then the server is probed.
    func trustCertificate(fingerprint: String) {
        let services = services, inbox = inbox
        signInTask = Task { await TUICoordinator.trustCertificate(fingerprint: fingerprint, services: services, inbox: inbox) }
    }

    private static func trustCertificate(fingerprint: String, services: AppServices, inbox: Mailbox<AppInput>) async {
        guard let address = ServerAddress(url: services.server.url) else { return }
        let timeout = services.pipeline.configuration.timeouts(for: .apiAuth).connect
        let examination: CertificateExamination
        do {
            examination = try await services.trust.examine(address, timeout: timeout)
        } catch {
            inbox.post(.signInFailed(message: UserFacing.message(for: error)))
            return
        }
        guard examination.presented.fingerprint.base64Form == fingerprint else {
            // Another certificate than the one shown: nothing is pinned; that one is asked about.
            inbox.post(.signInFailed(message: "The server now presents another certificate than the one shown: "
                + "nothing was pinned; check the new one."))
            inbox.post(.certificateNeedsTrust(question(examination)))
            return
        }
        if case .refuse(let message) = TrustOnFirstUse.decide(examination, fingerprint: nil, canAsk: true) {
            inbox.post(.certificateRefused(message: message))
            return
        }
        do {
            let line = try TrustOnFirstUse.accept(examination, trust: services.trust, pins: services.pins)
            services.logger.notice("certificate trusted from the sign-in form", metadata: ["server": "\(address)"])
            inbox.post(.certificateTrusted(message: line))
        } catch {
            inbox.post(.signInFailed(message: UserFacing.message(for: error)))
            return
        }
        await identify(services: services, inbox: inbox)
    }

    /// The form's question: what `login` prints about the certificate.
    static func question(_ examination: CertificateExamination) -> CertificateQuestion {
        var isChange = false
        if case .changed = examination.verdict { isChange = true }
        let lines = TrustOnFirstUse.describe(examination).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return CertificateQuestion(address: examination.address.description, fingerprint: examination.presented.fingerprint.base64Form,
                                   lines: lines, isChange: isChange)
    }

    /// Probes what the server is (``AppServices/identifyServer()``) and tells the form; a server
    /// that does not answer leaves the form as it is (the sign-in says why).
    private static func identify(services: AppServices, inbox: Mailbox<AppInput>) async {
        guard let found = try? await services.identifyServer() else {
            let backend = services.backend
            return inbox.post(.serverIdentified(ServerIdentity(name: nil, userLabel: backend.userPrompt,
                                                               severities: EventFilter.severityChoices(kind: backend.kind, severities: backend.severities), needsSignIn: true,
                                                               keepName: backend.keepName)))
        }
        let (kind, requiresSignIn) = found
        let backend = services.backend
        if !requiresSignIn, let cameras = try? await backend.cameras(), !cameras.isEmpty {
            inbox.post(.camerasLoaded(cameras, groups: (try? await backend.cameraGroups()) ?? []))
        }
        inbox.post(.serverIdentified(ServerIdentity(name: kind == .events ? "the events service" : kind.displayName,
                                                    userLabel: backend.userPrompt, severities: EventFilter.severityChoices(kind: backend.kind, severities: backend.severities),
                                                    needsSignIn: requiresSignIn, keepName: backend.keepName)))
    }
}
