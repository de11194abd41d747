import Foundation
import Logging
import Networking

/// Builds the pipeline from the config file's `[network]` and `[headers.*]` tables and the
/// `--header` flags (flags win over the file).
///
/// ```swift
/// try NetworkSetup.check(headerFlags: ["User-Agent: x"])   // before anything starts
/// ```
public enum NetworkSetup {
    /// Throws `HeaderFlagError` for the first `--header` value that cannot be read.
    public static func check(headerFlags: [String]) throws {
        for flag in headerFlags { _ = try HeaderFlag(parsing: flag) }
    }

    /// - Throws: `HeaderFlagError` for a bad `--header`; the file's tables were checked, with
    ///   their lines, when it was read (``AppConfig/parse(_:file:)``).
    static func configuration(config: AppConfig, headerFlags: [String]) throws -> NetworkConfiguration {
        var network = NetworkConfiguration()
        try network.apply(networkTable: config.network)
        if let patterns = config.recordedHeaders { network.recordedHeaders = try RecordedHeaders(patterns: patterns) }
        for (name, fields) in config.headers.sorted(by: { $0.key < $1.key }) {
            try network.apply(headerTable: name, fields: fields.map { ($0.name, $0.value) })
        }
        for flag in headerFlags { try network.addHeader(flag: flag) }
        return network
    }

    static func pipeline(config: AppConfig, headerFlags: [String], trust: CertificateTrust = CertificateTrust()) throws -> NetworkPipeline {
        NetworkPipeline(transport: AsyncHTTPClientTransport(trust: trust),
                        configuration: try configuration(config: config, headerFlags: headerFlags),
                        logger: Logger(label: "eventplayer.network"))
    }
}

// MARK: - TLS trust

extension NetworkSetup {
    /// Reads the CA file of `--ca-file` (before anything starts): throws ``CertificateFileError``
    /// naming the file when it cannot be read or holds no PEM certificate.
    public static func check(caFile: String?) throws {
        if let path = AppConfig().caFilePath(flag: caFile) { _ = try ServerCertificate.load(pemFile: path) }
    }

    /// What requests trust: the system's roots, the CA file (`--ca-file`, else `ca-file`) and the
    /// certificates pinned in `pins`' file (docs/network.md, "TLS and certificate pinning").
    /// - Throws: ``CertificateFileError`` for the flag's file, ``ConfigError`` naming the config
    ///   file's line for its `ca-file`, ``CertificatePinStoreError`` for a damaged pin file.
    static func trust(config: AppConfig, caFileFlag: String?, pins: CertificatePinStore,
                      home: URL) throws -> CertificateTrust {
        var authorities: [ServerCertificate] = []
        let path = config.caFilePath(flag: caFileFlag, home: home)
        if let path {
            do {
                authorities = try ServerCertificate.load(pemFile: path)
            } catch let error as CertificateFileError where caFileFlag == nil {
                throw ConfigError(file: config.source?.path, line: config.caFileLine, "ca-file: \(error)")
            }
        }
        return CertificateTrust(authorities: authorities, authorityFile: path, pins: try pins.load())
    }
}
