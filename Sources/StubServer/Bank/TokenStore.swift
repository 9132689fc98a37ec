import Foundation
import HTTPTypes

/// Access and refresh tokens with expiry, rotation and revocation.
struct TokenStore: Sendable {
    struct AccessGrant: Sendable {
        var principal: Principal
        var expiresAt: Date
        var refreshToken: String
    }

    struct RefreshGrant: Sendable {
        var principal: Principal
        var accessToken: String
    }

    private var access: [String: AccessGrant] = [:]
    private var refresh: [String: RefreshGrant] = [:]

    /// Issues a fresh pair.
    mutating func issue(for principal: Principal, now: Date, ttl: Int) -> WireToken {
        // A stub can run for days: forget expired access tokens now and then.
        if access.count >= 4096 { access = access.filter { $0.value.expiresAt > now } }
        let accessToken = "at_" + Self.randomHex()
        let refreshToken = "rt_" + Self.randomHex()
        access[accessToken] = AccessGrant(principal: principal, expiresAt: now.addingTimeInterval(TimeInterval(ttl)),
                                          refreshToken: refreshToken)
        refresh[refreshToken] = RefreshGrant(principal: principal, accessToken: accessToken)
        return WireToken(access_token: accessToken, refresh_token: refreshToken, token_type: "Bearer", expires_in: ttl)
    }

    /// The principal of a live access token.
    func principal(forAccessToken token: String, now: Date) -> Principal? {
        guard let grant = access[token], grant.expiresAt > now else { return nil }
        return grant.principal
    }

    /// Spends a refresh token: valid once; reuse is refused with `invalid_grant`.
    mutating func redeem(refreshToken token: String) throws(APIError) -> Principal {
        // A spent or revoked token is forgotten, so reuse finds nothing: invalid_grant either way.
        guard let grant = refresh.removeValue(forKey: token) else {
            throw APIError(status: .badRequest, type: "authentication", code: "invalid_grant",
                           message: "The refresh token is unknown, revoked or was already used.",
                           displayMessage: "Your session has expired. Please sign in again.")
        }
        return grant.principal
    }

    /// Revokes an access token and its refresh token.
    mutating func revoke(accessToken token: String) {
        guard let grant = access.removeValue(forKey: token) else { return }
        refresh[grant.refreshToken] = nil
    }

    /// Ends the life of every live access token of a session (or of all when nil) now, as if
    /// their time had run out; refresh tokens stay valid. Returns how many expired.
    mutating func expireAccess(session: String?, now: Date) -> Int {
        var expired = 0
        for (token, grant) in access where grant.expiresAt > now && (session == nil || grant.principal.session == session) {
            access[token]?.expiresAt = now
            expired += 1
        }
        return expired
    }

    /// Drops every token of a session (or all when nil).
    mutating func revokeAll(session: String?) {
        guard let session else { access.removeAll(); refresh.removeAll(); return }
        access = access.filter { $0.value.principal.session != session }
        refresh = refresh.filter { $0.value.principal.session != session }
    }

    private static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt64, radix: 16, zeroPaddedTo: 16) }.joined()
    }
}
