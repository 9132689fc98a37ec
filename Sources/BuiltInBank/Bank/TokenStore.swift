package import Foundation
import HTTPTypes
package import StubEngine

/// Access and refresh tokens with expiry, rotation and revocation.
///
/// Every token belongs to the session it was issued in: presented in another session it is
/// unknown there. Tokens of one sign-in form a family that rotation carries forward; spending a
/// refresh token twice is treated as theft (OAuth 2.0 Security BCP §4.14) and revokes the family,
/// including the pair rotated from it.
package struct TokenStore: Sendable {
    package struct AccessGrant: Sendable {
        package var principal: Principal
        package var expiresAt: Date
        package var refreshToken: String
        package var family: String
    }

    package struct RefreshGrant: Sendable {
        package var principal: Principal
        package var accessToken: String
        package var family: String
    }

    /// Spent refresh tokens remembered for theft detection; beyond this the oldest half is forgotten.
    package static let spentCapacity = 8192

    private var access: [String: AccessGrant] = [:]
    private var refresh: [String: RefreshGrant] = [:]
    private var spent: [String: String] = [:]
    private var spentOrder: [String] = []

    /// Issues a fresh pair, in a new family (sign-in) or in `family` (rotation).
    package mutating func issue(for principal: Principal, now: Date, ttl: Int, family: String? = nil) -> WireToken {
        // A stub can run for days: forget expired access tokens now and then.
        if access.count >= 4096 { access = access.filter { $0.value.expiresAt > now } }
        let accessToken = "at_" + Self.randomHex()
        let refreshToken = "rt_" + Self.randomHex()
        let family = family ?? "fam_" + Self.randomHex()
        access[accessToken] = AccessGrant(principal: principal, expiresAt: now.addingTimeInterval(TimeInterval(ttl)),
                                          refreshToken: refreshToken, family: family)
        refresh[refreshToken] = RefreshGrant(principal: principal, accessToken: accessToken, family: family)
        return WireToken(access_token: accessToken, refresh_token: refreshToken, token_type: "Bearer", expires_in: ttl)
    }

    /// The principal of a live access token issued in `session`.
    package func principal(forAccessToken token: String, session: String, now: Date) -> Principal? {
        guard let grant = access[token], grant.expiresAt > now, grant.principal.session == session else { return nil }
        return grant.principal
    }

    /// Spends a refresh token issued in `session`: valid once. Returns its principal and family.
    /// A token spent before revokes its whole family; either way reuse is `invalid_grant`.
    package mutating func redeem(refreshToken token: String, session: String) throws(APIError) -> (principal: Principal, family: String) {
        if let grant = refresh[token], grant.principal.session == session {
            refresh.removeValue(forKey: token)
            remember(spent: token, family: grant.family)
            return (grant.principal, grant.family)
        }
        if let family = spent[token] {
            revoke(family: family)
            throw Self.invalidGrant("The refresh token was already used, so every token of this sign-in is now revoked.")
        }
        throw Self.invalidGrant("The refresh token is unknown, revoked, or belongs to another session.")
    }

    private static func invalidGrant(_ message: String) -> APIError {
        APIError(status: .badRequest, type: "authentication", code: "invalid_grant", message: message,
                 displayMessage: "Your session has expired. Please sign in again.")
    }

    private mutating func remember(spent token: String, family: String) {
        if spentOrder.count >= Self.spentCapacity {
            for old in spentOrder.prefix(Self.spentCapacity / 2) { spent[old] = nil }
            spentOrder.removeFirst(Self.spentCapacity / 2)
        }
        spent[token] = family
        spentOrder.append(token)
    }

    /// Revokes every live token of a family.
    private mutating func revoke(family: String) {
        access = access.filter { $0.value.family != family }
        refresh = refresh.filter { $0.value.family != family }
    }

    /// Revokes an access token issued in `session` and its refresh token.
    package mutating func revoke(accessToken token: String, session: String) {
        guard let grant = access[token], grant.principal.session == session else { return }
        access[token] = nil
        refresh[grant.refreshToken] = nil
    }

    /// Ends the life of every live access token of a session (or of all when nil) now, as if
    /// their time had run out; refresh tokens stay valid. Returns how many expired.
    package mutating func expireAccess(session: String?, now: Date) -> Int {
        var expired = 0
        for (token, grant) in access where grant.expiresAt > now && (session == nil || grant.principal.session == session) {
            access[token]?.expiresAt = now
            expired += 1
        }
        return expired
    }

    /// Drops every token of a session (or all when nil); returns how many access tokens went.
    package mutating func revokeAll(session: String?) -> Int {
        let before = access.count
        guard let session else { access.removeAll(); refresh.removeAll(); return before }
        access = access.filter { $0.value.principal.session != session }
        refresh = refresh.filter { $0.value.principal.session != session }
        return before - access.count
    }

    private static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt64, radix: 16, zeroPaddedTo: 16) }.joined()
    }
}
