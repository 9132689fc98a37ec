import Atomics
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking

/// The URL cache of the stub's own sessions on Linux: it stores nothing and finds nothing, and
/// while the stub's requests come several at once it gives that answer from another thread.
///
/// swift-corelibs-foundation runs every task of a session on one serial work queue. Without a
/// cache it also makes each task's protocol there, so the stub's answer to every request (the
/// engine, the `HTTPURLResponse`) waits for the one before it: eight requests sent at once are
/// decided one after another. With a cache, it makes the protocol when the cache's lookup
/// completes (`URLSessionTask._getProtocol`), and `StubURLProtocol` decides in its initializer,
/// so requests answered from other threads are decided beside each other. A real cache would
/// cost more than the stub's whole answer (it hashes each request and reads its folder) and
/// could never hit: the stub's answers are `.notAllowed`.
///
/// Apple's URLSession makes its protocols elsewhere; there the stub's sessions keep no cache.
final class NothingStoredCache: URLCache, @unchecked Sendable {
    /// How many more lookups answer from another thread since one found a request waiting for
    /// URLSession's queue: one in two such lookups does, with eight tasks sending at once.
    private static let busyFor = ManagedAtomic(0)
    /// What `busyFor` is set to when a lookup finds a request waiting.
    static let busyLookups = 16

    init() {
        // A folder that cannot be made: the cache then has none, and never reads or writes a file.
        super.init(memoryCapacity: 0, diskCapacity: 0, diskPath: "/dev/null/stubbank-stores-nothing")
    }

    /// Nothing is stored. A request sent alone is answered at once, and its protocol made on
    /// URLSession's queue as without a cache: a hop to another thread costs it more than it
    /// saves. While requests come several at once (one is made and waiting for the queue, or was
    /// within the last `busyLookups` lookups), the answer comes from a global queue, and the
    /// request is decided there, beside the others.
    override func getCachedResponse(for dataTask: URLSessionDataTask,
                                     completionHandler: @Sendable @escaping (CachedURLResponse?) -> Void) {
        if StubURLProtocol.unstarted.load(ordering: .relaxed) > 0 {
            Self.busyFor.store(Self.busyLookups, ordering: .relaxed)
        } else if Self.busyFor.load(ordering: .relaxed) > 0 {
            // Two lookups may both take the last one: the count then ends below zero, which is "not busy".
            Self.busyFor.wrappingDecrement(ordering: .relaxed)
        } else {
            completionHandler(nil)
            return
        }
        DispatchQueue.global().async { completionHandler(nil) }
    }

    override func cachedResponse(for request: URLRequest) -> CachedURLResponse? { nil }
    override func storeCachedResponse(_ cachedResponse: CachedURLResponse, for request: URLRequest) {}
    override func storeCachedResponse(_ cachedResponse: CachedURLResponse, for dataTask: URLSessionDataTask) {}
}
#endif
