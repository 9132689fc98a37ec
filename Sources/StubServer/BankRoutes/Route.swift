import StubEngine
/// One operation the stub serves.
struct Route: Sendable {
    /// What a handler gets: the request and, for authenticated routes, whose token it was.
    struct Call: Sendable {
        var request: StubRequest
        var principal: Principal?
        var bank: Bank

        /// The principal; only nil on routes marked `public`.
        var customer: Principal { principal! }
    }

    /// Synchronous: the bank answers without waiting, so a request can be answered on the event
    /// loop that read it (`ReadyExchange`).
    typealias Handler = @Sendable (Call) throws(APIError) -> StubResponse

    let pattern: RoutePattern
    /// Matches `operationId` in `Contracts/openapi.yaml`.
    let operationId: String
    let summary: String
    /// When false no bearer token is needed (token, status, ATMs).
    let requiresAuth: Bool
    /// When true the request must carry a JSON body (`Content-Type: application/json`).
    let expectsJSONBody: Bool
    let handler: Handler

    init(_ pattern: String, _ operationId: String, _ summary: String, auth: Bool = true, body: Bool = false,
         handler: @escaping Handler) {
        // Patterns here are literals in source; a bad one is a programming error.
        self.pattern = try! RoutePattern(pattern)
        self.operationId = operationId
        self.summary = summary
        self.requiresAuth = auth
        self.expectsJSONBody = body
        self.handler = handler
    }
}
