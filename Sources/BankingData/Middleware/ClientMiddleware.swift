/// Something that wraps every request: authentication, signature checks, fault injection.
/// In the style of swift-openapi-runtime's `ClientMiddleware`.
public protocol ClientMiddleware: Sendable {
    /// Handles `request`: changes it and passes it to `next`, answers it without `next`, or
    /// changes what `next` returns.
    func intercept(
        _ request: HTTPRequestData,
        next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData
    ) async throws -> HTTPResponseData
}

/// A transport with middleware applied in order: the first wraps all the others.
struct MiddlewareTransport: HTTPTransport {
    let transport: any HTTPTransport
    let middlewares: [any ClientMiddleware]

    init(transport: any HTTPTransport, middlewares: [any ClientMiddleware]) {
        self.transport = transport
        self.middlewares = middlewares
    }

    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        var next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData = { [transport] in try await transport.send($0) }
        for middleware in middlewares.reversed() {
            let inner = next
            next = { try await middleware.intercept($0, next: inner) }
        }
        return try await next(request)
    }
}
