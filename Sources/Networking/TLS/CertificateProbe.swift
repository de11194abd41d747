import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import SystemSupport

/// One TLS handshake with a server, outside async-http-client, to read the certificate it presents:
/// with verification off (``presented(_:timeout:)``, what `login` shows before anything is trusted)
/// or with a trust configuration (``verify(_:configuration:timeout:)``: would a request trust it?).
/// Nothing is sent after the handshake; the connection is closed.
enum CertificateProbe {
    /// The certificate `address` presents, trusting nothing and sending nothing.
    static func presented(_ address: ServerAddress, timeout: Double) async throws -> ServerCertificate {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        return try await handshake(address, configuration: configuration, timeout: timeout)
    }

    /// Completes a handshake verifying with `configuration`; throws NIOSSL's error when it refuses.
    static func verify(_ address: ServerAddress, configuration: TLSConfiguration, timeout: Double) async throws {
        _ = try await handshake(address, configuration: configuration, timeout: timeout)
    }

    private static func handshake(_ address: ServerAddress, configuration: TLSConfiguration,
                                  timeout: Double) async throws -> ServerCertificate {
        let context = try NIOSSLContext(configuration: configuration)
        let group = MultiThreadedEventLoopGroup.singleton
        let promise = group.next().makePromise(of: NIOSSLCertificate?.self)
        let milliseconds = Int64((timeout * 1000).rounded(.up))
        // SNI carries a name, never an address; with an address, NIOSSL checks the certificate's IP names.
        let serverName = address.isIPAddress ? nil : address.host
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(.milliseconds(milliseconds))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let tls = try NIOSSLClientHandler(context: context, serverHostname: serverName)
                    try channel.pipeline.syncOperations.addHandler(tls)
                    try channel.pipeline.syncOperations.addHandler(HandshakeWatcher(promise: promise))
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.connect(host: address.host, port: address.port).get()
        } catch {
            promise.fail(error)
            throw error
        }
        let timedOut = Locked(false)
        let deadline = channel.eventLoop.scheduleTask(in: .milliseconds(milliseconds)) {
            timedOut.value = true
            channel.close(promise: nil)
        }
        defer {
            deadline.cancel()
            channel.close(promise: nil)
        }
        do {
            guard let certificate = try await promise.futureResult.get() else {
                throw TransportError(message: "the server presented no certificate")
            }
            return try ServerCertificate(der: certificate.toDERBytes())
        } catch where timedOut.value {
            throw TransportError(message: "the TLS handshake did not finish within \(NetworkError.seconds(timeout))", isTimeout: true)
        }
    }
}

/// Completes the probe's promise once: with the peer's certificate when the handshake is done,
/// with the error or the closed connection otherwise.
private final class HandshakeWatcher: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let promise: EventLoopPromise<NIOSSLCertificate?>
    private var done = false

    init(promise: EventLoopPromise<NIOSSLCertificate?>) {
        self.promise = promise
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? TLSUserEvent, case .handshakeCompleted = event, !done {
            done = true
            promise.completeWith(Result { try context.pipeline.syncOperations.nioSSL_peerCertificate() })
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !done {
            done = true
            promise.fail(error)
        }
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !done {
            done = true
            promise.fail(ChannelError.eof)
        }
        context.fireChannelInactive()
    }
}
