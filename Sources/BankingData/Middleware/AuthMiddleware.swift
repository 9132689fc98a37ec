import BankingDomain

/// Attaches the bearer token; on 401 refreshes once (single flight, through `TokenVault`) and
/// retries once. A failed refresh expires the session and surfaces `sessionExpired`.
struct AuthMiddleware: ClientMiddleware {
    let vault: TokenVault

    init(vault: TokenVault) {
        self.vault = vault
    }

    func intercept(
        _ request: HTTPRequestData,
        next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData
    ) async throws -> HTTPResponseData {
        // Sign-in and refresh carry no token and are never retried on 401.
        guard request.requiresAuthentication else { return try await next(request) }
        guard let session = await vault.current else { throw BankingError.unauthorized }
        var authorised = request
        authorised.headers["Authorization"] = "Bearer \(session.accessToken)"
        let response = try await next(authorised)
        guard response.status == 401 else { return response }
        let fresh = try await vault.refresh(replacing: session.accessToken)
        authorised.headers["Authorization"] = "Bearer \(fresh.accessToken)"
        let retried = try await next(authorised)
        if retried.status == 401 {
            await vault.clear()
            throw BankingError.sessionExpired
        }
        return retried
    }
}
