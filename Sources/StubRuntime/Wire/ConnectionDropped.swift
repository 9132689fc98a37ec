package import StubEngine

/// The stub's way to end a connection instead of answering, thrown by a transport carrying out a
/// plan (`WirePlan.drop`, or a client that left during a delay or a paced body).
///
/// `StubResponder` drops the connection as `how` says and throws it on, so nothing more is
/// written: Hummingbird ends a connection whose responder throws. Mid-body (a truncated or paced
/// answer) the body writer cuts the connection itself and throws it. The engine journalled the
/// exchange before any of this.
package struct ConnectionDropped: Error {
    /// How the connection ends.
    package enum How: Sendable, Equatable {
        /// TCP RST: URLSession reports "network connection lost".
        case reset
        /// A clean close (FIN) without a byte of answer.
        case closeWithoutResponse
        /// Hold until the client gives up, the server stops or `limitSeconds` pass; then close.
        case hang(limitSeconds: Int)
        /// Close where it stands: a client gone during a delay, or a body cut short.
        case cut

        /// The plan's drop, on the wire.
        package init(_ drop: WirePlan.Drop) {
            switch drop {
            case .reset: self = .reset
            case .closeWithoutResponse: self = .closeWithoutResponse
            case .hang(let limitSeconds): self = .hang(limitSeconds: limitSeconds)
            }
        }
    }

    package let how: How

    /// Ends `connection` as `how` says.
    package func perform(on connection: any StubConnection, stop: StopSignal) async {
        switch how {
        case .reset: await connection.reset()
        case .closeWithoutResponse: await connection.closeWithoutResponse()
        case .hang(let limitSeconds): await connection.hang(limitSeconds: limitSeconds, stop: stop)
        case .cut: await connection.cutBody()
        }
    }
}
