import Foundation

/// A server certificate that nothing trusts (or that changed from its pin), as the sign-in form
/// asks about it: the coordinator examines it (`TrustOnFirstUse`, as `eventplayer login` does)
/// and the form shows ``lines`` and a Trust field; `yes` there pins the certificate whose
/// fingerprint is ``fingerprint`` (``AppEffect/trustCertificate(fingerprint:)``).
public struct CertificateQuestion: Sendable, Equatable {
    /// The server, `host:port`.
    public var address: String
    /// The certificate's SHA-256 fingerprint (`SHA256:` and base64): the one certificate `yes` trusts.
    public var fingerprint: String
    /// What `login` prints before its question: subject, issuer, names, validity, fingerprint
    /// (a warning first when the certificate changed). Server-supplied text: the form escapes it.
    public var lines: [String]
    /// True when a pinned certificate was replaced by this one (the form says so as a warning).
    public var isChange: Bool

    public init(address: String, fingerprint: String, lines: [String], isChange: Bool) {
        self.address = address
        self.fingerprint = fingerprint
        self.lines = lines
        self.isChange = isChange
    }
}

/// What a probe found the server to be (``AppInput/serverIdentified(_:)``): the form names it in
/// its title and asks for the user as the server calls it.
public struct ServerIdentity: Sendable, Equatable {
    /// "Frigate", "ZoneMinder", "the events service"; nil when the probe did not answer (the
    /// form keeps its title).
    public var name: String?
    /// "Email" or "User" (`EventBackend.userPrompt`).
    public var userLabel: String
    /// The severities the server files events under (`EventBackend.severities`).
    public var severities: [String]
    /// False for a server that answers without a sign-in: the list opens at once.
    public var needsSignIn: Bool
    /// What the server calls keeping an event past its retention (`EventBackend.keepName`).
    public var keepName: String?

    public init(name: String?, userLabel: String, severities: [String], needsSignIn: Bool, keepName: String? = nil) {
        self.keepName = keepName
        self.name = name
        self.userLabel = userLabel
        self.severities = severities
        self.needsSignIn = needsSignIn
    }
}
