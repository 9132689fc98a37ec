import Atomics
import NIOConcurrencyHelpers

/// Live journal entries for whoever listens (`GET /__stubbank/events`, the web console). With
/// no listener, the journal pays one atomic read per request. Each listener buffers at most `bufferSize`
/// entries; a listener slower than that loses the oldest, which a reader finds as a gap in the
/// event ids and can fetch again with `Last-Event-ID` while the journal still holds them.
package final class JournalFeed: Sendable {
    package static let bufferSize = 1000
    /// The most listeners at once (open consoles, `curl -N` readers): each holds a connection
    /// and up to `bufferSize` entries, so their number is bounded too.
    package static let maxListeners = 64

    private struct Listener {
        var session: String?
        var continuation: AsyncStream<JournalEntry>.Continuation
    }

    private let listeners = NIOLockedValueBox([Int: Listener]())
    private let counter = NIOLockedValueBox(0)
    /// How many listen, stored under the listeners' lock after every change.
    private let listening = ManagedAtomic(0)

    /// Whether anyone listens; the journal checks before building an entry.
    package var hasListeners: Bool { listening.load(ordering: .relaxed) > 0 }

    /// How many listen now.
    package var count: Int { listeners.withLockedValue { $0.count } }

    /// A stream of new entries (of one session, or all), and the key that ends it; nil when
    /// `maxListeners` listen already.
    package func subscribe(session: String?) -> (key: Int, stream: AsyncStream<JournalEntry>)? {
        let key = counter.withLockedValue { value -> Int in
            value += 1
            return value
        }
        let (stream, continuation) = AsyncStream.makeStream(of: JournalEntry.self, bufferingPolicy: .bufferingNewest(Self.bufferSize))
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(key) }
        let added = listeners.withLockedValue { listeners -> Bool in
            guard listeners.count < Self.maxListeners else { return false }
            listeners[key] = Listener(session: session, continuation: continuation)
            listening.store(listeners.count, ordering: .relaxed)
            return true
        }
        guard added else {
            continuation.finish()
            return nil
        }
        return (key, stream)
    }

    /// Ends one listener's stream.
    package func unsubscribe(_ key: Int) {
        let listener = listeners.withLockedValue { listeners in
            defer { listening.store(listeners.count, ordering: .relaxed) }
            return listeners.removeValue(forKey: key)
        }
        listener?.continuation.finish()
    }

    package func publish(_ entry: JournalEntry) {
        let targets = listeners.withLockedValue { all in
            all.values.filter { $0.session == nil || $0.session == entry.session }.map(\.continuation)
        }
        for continuation in targets { continuation.yield(entry) }
    }
}
