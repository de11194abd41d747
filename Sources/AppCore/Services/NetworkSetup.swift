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

    static func pipeline(config: AppConfig, headerFlags: [String]) throws -> NetworkPipeline {
        NetworkPipeline(configuration: try configuration(config: config, headerFlags: headerFlags),
                        logger: Logger(label: "eventplayer.network"))
    }
}
