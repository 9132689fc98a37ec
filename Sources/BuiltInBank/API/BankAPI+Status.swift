import StubEngine

extension BankAPI {
    package static func statusRoutes() -> [Route] {
        [
            Route("GET /v1/status", "getStatus", "Service health and maintenance state; needs no token", auth: false) { call in
                .json(call.bank.status())
            },
        ]
    }
}
