package import HTTPTypes

/// What the engine decided for one request, for a transport to carry out on the wire: the answer,
/// and what must happen before and while it goes out. The engine has already written the journal,
/// except for a plan with a delay: its entry (`journal`) is written when the wait is over.
///
/// In order: wait `delayMs`; then, unless `drop` says to end the connection instead, write the
/// head and the body as `pacing` says. A transport with nothing to wait for (`waitsOnTheWire` is
/// false) writes `status`, `headers` and `body` at once.
package struct WirePlan: Sendable {
    /// How the connection ends instead of answering.
    package enum Drop: Sendable, Equatable {
        /// TCP RST: URLSession reports "network connection lost".
        case reset
        /// A clean close (FIN) without a byte of answer.
        case closeWithoutResponse
        /// Hold until the client gives up, the server stops or `limitSeconds` pass; then close.
        case hang(limitSeconds: Int)
    }

    /// How the body goes out.
    package enum Pacing: Sendable, Equatable {
        /// In one piece.
        case whole
        /// `Content-Length` promises the whole body; about half is sent, then the connection closes.
        case truncated
        /// In chunks paced to a byte rate.
        case paced(Bandwidth)
    }

    /// A request for the admin API (session and base path already applied): the transport hands
    /// it to the admin handler. Nothing else in the plan applies, and it is not journalled.
    package var admin: StubRequest?
    /// The request's id, as the journal and the error envelope show it.
    package var requestId: String
    package var status: HTTPResponse.Status
    /// Every field of the head but `Date` and `Server`: the answer's own, content type, request
    /// id, signature and `Content-Length` (the whole body's, even when `pacing` sends less).
    package var headers: HTTPFields
    package var body: [UInt8]
    /// How long to wait before answering or dropping.
    package var delayMs: Double = 0
    /// Set when the connection ends instead of answering.
    package var drop: Drop?
    package var pacing: Pacing = .whole
    /// For a plan with a delay: the journal entry, which the transport commits once the wait is
    /// over (with no status if the client left). Nil when the engine journalled already.
    package var journal: JournalTicket?

    /// True when the transport must wait or act on the connection, not just write the answer.
    package var waitsOnTheWire: Bool { admin != nil || delayMs > 0 || drop != nil || pacing != .whole }

    /// A plan that hands the request to the admin API.
    package static func admin(_ request: StubRequest) -> WirePlan {
        WirePlan(admin: request, requestId: request.requestId, status: .ok, headers: [:], body: [])
    }
}
