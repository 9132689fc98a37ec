import HTTPTypes
package import StubEngine

/// The built-in bank as a route source: authentication, JSON body check, then the handler.
/// A known path with another method answers 405 with `Allow`.
package struct BankRouteSource: RouteSource {
    package let table: RouteTable
    package let bank: Bank

    /// Each stored property as given (the memberwise initializer, for the other targets).
    package init(table: RouteTable, bank: Bank) {
        self.table = table
        self.bank = bank
    }

    package func answer(_ exchange: inout RouteExchange) throws(APIError) -> Bool {
        try answer(&exchange, match: match(method: exchange.request.method, pathSegments: exchange.request.pathSegments))
    }

    /// The bank's route for the request: found, a known path with another method, or none.
    /// It takes the two fields it reads rather than the request, which a caller in another module
    /// would copy whole into the call.
    package func match(method: String, pathSegments: [Substring]) -> RouteTable.Match {
        table.match(method: method, pathSegments: pathSegments)
    }

    /// Answers a request already matched, without waiting: the bank never waits, so the engine
    /// may run on the event loop that read a request.
    package func answer(_ exchange: inout RouteExchange, match: RouteTable.Match) throws(APIError) -> Bool {
        switch match {
        case .found(let route, let parameters):
            exchange.route = route.pattern.description
            exchange.request.parameters = parameters
            let principal = route.requiresAuth ? try bank.authenticate(accessToken: exchange.request.bearerToken,
                session: exchange.request.session) : nil
            if route.expectsJSONBody { try Self.requireJSON(exchange.request) }
            exchange.response = try route.handler(Route.Call(request: exchange.request, principal: principal, bank: bank))
            return true
        case .methodNotAllowed(let allowed):
            let request = exchange.request
            let error = APIError.methodNotAllowed(request.method, path: request.path, allowed: allowed,
                                                  display: "Something went wrong. Please try again.")
            exchange.response = .error(error, requestId: request.requestId)
            return true
        case .notFound:
            return false
        }
    }

    package func routeName(for request: StubRequest) -> String? {
        if case .found(let route, _) = table.match(method: request.method, pathSegments: request.pathSegments) {
            return route.pattern.description
        }
        return nil
    }

    package func nearMisses(_ request: StubRequest) -> [NearMiss] {
        table.routes.compactMap {
            NearMiss.explain($0.pattern, method: request.method, segments: request.pathSegments, source: "built-in bank")
        }
    }

    private static func requireJSON(_ request: StubRequest) throws(APIError) {
        let type = request.headers[.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("application/json") else { throw APIError.unsupportedMediaType(type) }
    }
}
