import Foundation
import Logging
import Networking

/// Builds the pipeline from the config file's `[network]` and `[headers.*]` tables and the
/// `--header` flags (flags win over the file).
enum NetworkSetup {
    static func configuration(config: AppConfig, headerFlags: [String]) throws -> NetworkConfiguration {
        var network = NetworkConfiguration()
        let file = config.source?.path ?? "config.toml"
        do {
            try network.apply(networkTable: config.network)
            for (name, fields) in config.headers.sorted(by: { $0.key < $1.key }) {
                try network.apply(headerTable: name, fields: fields.map { ($0.name, $0.value) })
            }
        } catch {
            throw ConfigError("\(file): \(error)")
        }
        for flag in headerFlags { try network.addHeader(flag: flag) }
        return network
    }

    static func pipeline(config: AppConfig, headerFlags: [String]) throws -> NetworkPipeline {
        NetworkPipeline(configuration: try configuration(config: config, headerFlags: headerFlags),
                        logger: Logger(label: "eventplayer.network"))
    }
}
