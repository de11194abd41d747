import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import SystemSupport

/// The demo server's second listener, on another loopback address (127.0.0.2, a free port): a
/// distinct origin that plays "storage" (the target of `evt-redirect-storage`'s redirect) and a
/// "CDN" (named by `evt-cdn-segments`' playlist). Same routes and request log as the main one;
/// a record's `host` header says which listener it reached.
enum DemoSecondHost {
    /// The application to add to the server's service group, and a future of its base URL.
    static func application(context: DemoContext, host: String, logger: Logger)
        -> (app: any Service, port: OneShot<Int, any Error>) {
        let bound = OneShot<Int, any Error>()
        let app = Application(
            responder: DemoResponder(context: context),
            configuration: .init(address: .hostname(host, port: 0), serverName: "eventplayer-demo-storage"),
            onServerRunning: { channel in bound.resolve(.success(channel.localAddress?.port ?? 0)) },
            logger: logger)
        return (app, bound)
    }
}
