import HTTPTypes
import Hummingbird
import NIOCore
import StubEngine
import BuiltInBank

/// `GET /__stubbank/events[?session=]`: the journal as server-sent events, one `request` event
/// per exchange as it is recorded (the web console's live log). `Last-Event-ID` (or `?after=N`)
/// first sends what the journal still holds after entry N, so a reconnecting reader misses
/// nothing the journal kept. The stream ends when the client leaves or the server stops.
enum AdminEvents {
    static let path = AdminAPI.prefix + "/events"
    static let lastEventId = HTTPField.Name("Last-Event-ID")!

    static func response(_ request: StubRequest, backend: StubBackend, context: StubRequestContext) throws(APIError) -> Response {
        let admin = AdminAPI(backend: backend)
        try admin.authorize(request, isLoopbackPeer: context.isLoopbackPeer)
        let session = try admin.scopeSession(request)
        let after = try request.queryValue("after")
        let resumeFrom = request.headers[lastEventId].flatMap { Int($0) } ?? after.flatMap { Int($0) }
        let feed = backend.journal.feed
        guard let subscription = feed.subscribe(session: session) else {
            throw APIError(status: .serviceUnavailable, type: "service_unavailable", code: "too_many_listeners",
                           message: "\(JournalFeed.maxListeners) event streams are open already; close a console tab or a reader and try again.",
                           displayMessage: "Too many consoles are open.", retryable: true, headers: ["Retry-After": "5"])
        }
        let (key, stream) = subscription
        let missed = resumeFrom.map { backend.journal.entries(after: $0, session: session) } ?? []
        ClientDisconnectHandler.goneFuture(on: context.channel).whenComplete { _ in feed.unsubscribe(key) }
        let stopKey = backend.stopSignal.onFire { feed.unsubscribe(key) }
        let stop = backend.stopSignal
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 2000\n: StubBank journal events\n\n"))
            var last = 0
            for entry in missed {
                try await writer.write(frame(entry))
                last = entry.sequence
            }
            for await entry in stream where entry.sequence > last {
                try await writer.write(frame(entry))
            }
            stop.remove(stopKey)
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"], body: body)
    }

    /// One event: `id` is the journal sequence, `data` the entry as `GET /__stubbank/journal` gives it.
    static func frame(_ entry: JournalEntry) -> ByteBuffer {
        var buffer = ByteBuffer(string: "id: \(entry.sequence)\nevent: request\ndata: ")
        buffer.writeBytes(WireJSON.encode(entry))
        buffer.writeString("\n\n")
        return buffer
    }
}
