import StubEngine
import BuiltInBank

/// The stub's way to end a connection instead of answering: a fault (`reset`, `empty`, `hang`,
/// `reset-after`), or a client that left during a delay.
///
/// A middleware throws it in place of an answer. The journal middleware records the exchange it
/// carries; then `StubResponder` drops the connection as `how` says and throws it on, so nothing
/// more is written: Hummingbird ends a connection whose responder throws. Mid-body (a truncated
/// or paced answer) the body writer cuts the connection itself and throws it with no exchange:
/// the journal has that answer already.
struct ConnectionDropped: Error {
    /// How the connection ends.
    enum How: Sendable, Equatable {
        /// TCP RST: URLSession reports "network connection lost".
        case reset
        /// A clean close (FIN) without a byte of answer.
        case closeWithoutResponse
        /// Hold until the client gives up, the server stops or `limitSeconds` pass; then close.
        case hang(limitSeconds: Int)
        /// Close where it stands: a client gone during a delay, or a body cut short.
        case cut
    }

    let how: How
    /// The exchange as it stood, for the journal; nil once the answer is already journalled.
    let exchange: StubExchange?
    /// The status the route had decided (`reset-after`); nil when no answer was going out.
    let status: Int?

    /// Ends `connection` as `how` says.
    func perform(on connection: any StubConnection, stop: StopSignal) async {
        switch how {
        case .reset: await connection.reset()
        case .closeWithoutResponse: await connection.closeWithoutResponse()
        case .hang(let limitSeconds): await connection.hang(limitSeconds: limitSeconds, stop: stop)
        case .cut: await connection.cutBody()
        }
    }
}
