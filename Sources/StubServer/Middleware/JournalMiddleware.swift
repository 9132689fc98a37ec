import Foundation
import HTTPTypes
import HummingbirdCore
import StubFormats
import StubEngine
import BuiltInBank

/// The outermost middleware: writes each exchange to the request journal once, whatever happened
/// inside: what was asked, which route and behaviour answered, with what status or fault, and how
/// long it took; the journal counts the route's hit. A dropped connection (`ConnectionDropped`) is
/// journalled with the status the route had decided, or none. Admin API answers are not journalled.
struct JournalMiddleware: StubMiddleware {
    let backend: StubBackend

    func handle(_ exchange: StubExchange, context: StubRequestContext, next: StubNext) async throws -> StubExchange {
        let done: StubExchange
        do {
            done = try await next(exchange, context)
        } catch let dropped as ConnectionDropped {
            if let exchange = dropped.exchange { Self.record(exchange, status: dropped.status, backend: backend) }
            throw dropped
        }
        if !done.answeredByAdmin, let sent = done.sent {
            Self.record(done, status: Int(sent.status.code), responseHeaders: sent.headers, backend: backend)
        }
        return done
    }

    /// - Parameters:
    ///   - status: the status sent, nil when no answer went out (a fault, a client gone);
    ///   - responseHeaders: the head as sent, for the console's detail view.
    ///
    /// Never inlined: inlined into the async `handle`, its temporaries went into task-allocated
    /// memory (two more `swift_task_alloc` calls a request); a plain call keeps them on the stack.
    @inline(never)
    static func record(_ exchange: StubExchange, status: Int?, responseHeaders: HTTPFields = [:], backend: StubBackend) {
        let elapsed = ContinuousClock.now - exchange.started
        backend.journal.record(&exchange.core, receivedAt: exchange.receivedAt, status: status, responseHeaders: responseHeaders,
                               latencyMs: elapsed.inMilliseconds)
    }
}
