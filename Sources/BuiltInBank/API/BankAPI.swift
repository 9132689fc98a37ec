import StubEngine

/// The `/v1` wire API: every route the stub serves, in the order `Contracts/openapi.yaml` lists them.
package enum BankAPI {
    package static func routes() -> [Route] {
        authRoutes() + accountRoutes() + atmRoutes() + cardRoutes() + beneficiaryRoutes()
            + transferRoutes() + supportRoutes() + statusRoutes()
    }
}
