import EventsAPI
import Foundation
import Networking
import SystemSupport

/// The certificates pinned per server (`host:port`), as `eventplayer login` trusted them on first
/// use: `$XDG_STATE_HOME/eventplayer/known-certificates.json`, 0600, replaced atomically (like
/// the session). `logout` keeps it, as ssh keeps known_hosts; removing a server's entry (or the
/// file) forgets its pin.
///
/// ```swift
/// let store = CertificatePinStore(directory: paths.state)
/// let trust = CertificateTrust(pins: try store.load())
/// try store.save(certificate, for: ServerAddress(host: "nvr.local", port: 8971))
/// ```
public struct CertificatePinStore: Sendable {
    public static let fileName = "known-certificates.json"

    /// The file.
    public let fileURL: URL

    public init(directory: URL) {
        fileURL = directory.appending(path: Self.fileName)
    }

    /// The file's form. `sha256`, the certificate's fingerprint, is checked against the
    /// certificate when the file is read; `subject` and `notValidAfter` are for the reader.
    struct File: Codable {
        var version = 1
        var servers: [String: Entry] = [:]
    }

    struct Entry: Codable {
        var sha256: String
        var sha256Hex: String
        var subject: String
        var notValidAfter: Date
        var pinnedAt: Date
        var certificate: String
    }

    /// Every pin; none when there is no file.
    /// - Throws: ``CertificatePinStoreError`` when the file is there but cannot be read or an entry
    ///   is damaged: a pin is never dropped silently.
    public func load() throws(CertificatePinStoreError) -> [ServerAddress: ServerCertificate] {
        var pins: [ServerAddress: ServerCertificate] = [:]
        for (key, entry) in try read().servers {
            guard let address = ServerAddress(parsing: key) else {
                throw CertificatePinStoreError(file: fileURL.path, "`\(TerminalText.printable(key))` is not host:port")
            }
            guard let certificate = try? ServerCertificate.parse(pem: entry.certificate).first else {
                throw CertificatePinStoreError(file: fileURL.path, "the certificate of \(address) cannot be read")
            }
            guard (try? CertificateFingerprint(parsing: entry.sha256)) == certificate.fingerprint else {
                throw CertificatePinStoreError(file: fileURL.path, "the certificate of \(address) does not match its sha256")
            }
            pins[address] = certificate
        }
        return pins
    }

    /// Pins `certificate` for `address`, or removes its pin (nil), keeping the others.
    /// - Throws: ``CertificatePinStoreError`` when the file cannot be read or written.
    public func save(_ certificate: ServerCertificate?, for address: ServerAddress, now: Date = Date()) throws(CertificatePinStoreError) {
        var file = try read()
        file.servers[address.description] = certificate.map {
            Entry(sha256: $0.fingerprint.base64Form, sha256Hex: $0.fingerprint.hexForm, subject: $0.subject,
                  notValidAfter: $0.notValidAfter, pinnedAt: now, certificate: $0.pem)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            try PrivateFile.write(try encoder.encode(file), to: fileURL)
        } catch {
            throw CertificatePinStoreError(file: fileURL.path, "cannot be written: \(Self.reason(error))")
        }
    }

    private func read() throws(CertificatePinStoreError) -> File {
        let data: Data
        do {
            guard let read = try UserFile.read(fileURL.path) else { return File() }
            data = read
        } catch {
            throw CertificatePinStoreError(file: fileURL.path, error.reason)
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(File.self, from: data)
        } catch {
            throw CertificatePinStoreError(file: fileURL.path, "is not the pinned certificates' JSON")
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        return error.localizedDescription
    }
}

/// The pinned certificates' file cannot be used. Names the file and what to do: a damaged pin
/// is never dropped silently (that would trust again what the pin refused).
public struct CertificatePinStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let reason: String

    init(file: String, _ reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String {
        "pinned certificates: \(file): \(reason); fix or remove it (removing it forgets every pin)"
    }
}
