/// Sends one request and returns the response, or throws the transport's error (`URLError`).
///
/// Middleware wraps a transport; the live one is `URLSessionTransport`, tests use `ClosureTransport`.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData
}

/// A transport made of a closure: the fake used in tests.
public struct ClosureTransport: HTTPTransport {
    private let handler: @Sendable (HTTPRequestData) async throws -> HTTPResponseData

    public init(_ handler: @escaping @Sendable (HTTPRequestData) async throws -> HTTPResponseData) {
        self.handler = handler
    }

    public func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        try await handler(request)
    }
}
