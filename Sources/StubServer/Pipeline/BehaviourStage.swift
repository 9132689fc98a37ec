/// Which behaviour applies to a request: `X-Stub-*` headers pin one for this request; otherwise
/// the first admin behaviour that fires, then the active scenario's.
enum BehaviourStage {
    static func decide(_ exchange: inout StubExchange, backend: StubBackend) throws(APIError) {
        let headers = exchange.request.headers
        let pinned = HeaderBehaviour.isRequested(in: headers) ? try backend.drawHeaderDecision { generator throws(APIError) in
            try HeaderBehaviour.decision(from: headers, generator: &generator)
        } : nil
        exchange.decision = pinned ?? backend.behaviours.decide(
            method: exchange.request.method, pathSegments: exchange.request.pathSegments, session: exchange.request.session)
    }
}
