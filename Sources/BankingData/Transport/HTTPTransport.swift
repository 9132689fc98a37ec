/// Sends one request and returns the response, or throws the transport's error (`URLError`).
///
/// Middleware wraps a transport; the live one is `URLSessionTransport`, tests use `ClosureTransport`.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns whatever status came back; throws only when no response arrived.
    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData
}

/// A transport made of a closure: the fake used in tests.
public struct ClosureTransport: HTTPTransport {
    private let handler: @Sendable (HTTPRequestData) async throws -> HTTPResponseData

    /// A transport that answers each request with `handler`.
    public init(_ handler: @escaping @Sendable (HTTPRequestData) async throws -> HTTPResponseData) {
        self.handler = handler
    }

    /// The handler's answer.
    public func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        try await handler(request)
    }
}
