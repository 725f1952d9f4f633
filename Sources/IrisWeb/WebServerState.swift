import IrisPipeline
import NIOCore
import Synchronization

/// What every connection of one server shares: the token, the attached view, and the open streams, which
/// `finish` waits for and then closes.
final class WebServerState: Sendable {
    let access: WebAccess
    let stallLimit: TimeAmount
    private let attached = Mutex<LiveView?>(nil)
    private let streams = Mutex<[ObjectIdentifier: any Channel]>([:])

    init(access: WebAccess, stallLimit: TimeAmount) {
        self.access = access
        self.stallLimit = stallLimit
    }

    var view: LiveView? { attached.withLock { $0 } }
    func attach(_ view: LiveView) { attached.withLock { $0 = view } }

    func streamOpened(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        streams.withLock { $0[id] = channel }
        channel.closeFuture.whenComplete { [weak self] _ in self?.streams.withLock { _ = $0.removeValue(forKey: id) } }
    }

    var openStreams: [any Channel] { streams.withLock { Array($0.values) } }
}
