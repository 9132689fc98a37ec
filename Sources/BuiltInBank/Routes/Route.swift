package import StubEngine
/// One operation the stub serves.
package struct Route: Sendable {
    /// What a handler gets: the request and, for authenticated routes, whose token it was.
    package struct Call: Sendable {
        package var request: StubRequest
        package var principal: Principal?
        package var bank: Bank

        /// A call of a handler from outside the bank's route source (`stubbank verify`). The route
        /// source builds its calls with the memberwise initializer, which the compiler inlines.
        package static func verifying(_ request: StubRequest, principal: Principal?, bank: Bank) -> Call {
            Call(request: request, principal: principal, bank: bank)
        }

        /// The principal; only nil on routes marked `public`.
        package var customer: Principal { principal! }
    }

    /// Synchronous: the bank answers without waiting, so the engine decides a request on the
    /// event loop that read it (`Engine.answer`).
    package typealias Handler = @Sendable (Call) throws(APIError) -> StubResponse

    package let pattern: RoutePattern
    /// Matches `operationId` in `Contracts/openapi.yaml`.
    package let operationId: String
    package let summary: String
    /// When false no bearer token is needed (token, status, ATMs).
    package let requiresAuth: Bool
    /// When true the request must carry a JSON body (`Content-Type: application/json`).
    package let expectsJSONBody: Bool
    package let handler: Handler

    package init(_ pattern: String, _ operationId: String, _ summary: String, auth: Bool = true, body: Bool = false,
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
