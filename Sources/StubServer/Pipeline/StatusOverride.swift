import HTTPTypes

/// What the stub does on an injected status (`X-Stub-Status`, an admin behaviour, a scenario):
/// a 4xx or 5xx answers with the canned error envelope for that status, without running the
/// route; any other status replaces the route's own after routing.
enum StatusOverride {
    /// Answers with the error envelope when the decision asks for a 4xx or 5xx.
    static func answer(_ exchange: inout StubExchange) {
        guard let status = exchange.decision.status, status >= 400 else { return }
        let override = exchange.decision.error
        var error = ErrorCatalogue.error(forStatus: status, code: override?.code)
        if let message = override?.message { error.message = message }
        if let display = override?.displayMessage { error.displayMessage = display }
        if let retryable = override?.retryable { error.retryable = retryable }
        exchange.response = .error(error, requestId: exchange.requestId)
    }

    /// Rewrites a routed response's status for a 1xx–3xx override.
    static func rewrite(_ exchange: inout StubExchange) {
        guard let status = exchange.decision.status, status < 400 else { return }
        exchange.response?.status = HTTPResponse.Status(code: status)
    }
}
