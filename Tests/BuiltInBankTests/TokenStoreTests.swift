import Foundation
import Testing
@testable import BuiltInBank
@testable import StubEngine

/// The token store alone, without HTTP: expiry, sessions, rotation, theft detection and sign-out.
@Suite struct TokenStoreTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let alex = Principal(username: "alex", session: "a")

    /// The code a refused refresh gives, or nil when it was redeemed.
    func refusal(_ store: inout TokenStore, _ token: String, session: String) -> String? {
        do {
            _ = try store.redeem(refreshToken: token, session: session)
            return nil
        } catch {
            return error.code
        }
    }

    @Test func anAccessTokenLivesUntilItsExpiryAndNotAtIt() {
        var store = TokenStore()
        let pair = store.issue(for: alex, now: start, ttl: 60)
        #expect(pair.expires_in == 60)
        #expect(store.principal(forAccessToken: pair.access_token, session: "a", now: start) == alex)
        #expect(store.principal(forAccessToken: pair.access_token, session: "a", now: start.addingTimeInterval(59.999)) == alex)
        #expect(store.principal(forAccessToken: pair.access_token, session: "a", now: start.addingTimeInterval(60)) == nil)
    }

    /// A token presented in another session than its own is unknown there, and stays valid in its own.
    @Test func tokensBelongToTheSessionTheyWereIssuedIn() {
        var store = TokenStore()
        let pair = store.issue(for: alex, now: start, ttl: 60)
        #expect(store.principal(forAccessToken: pair.access_token, session: "b", now: start) == nil)
        #expect(refusal(&store, pair.refresh_token, session: "b") == "invalid_grant")
        #expect(refusal(&store, pair.refresh_token, session: "a") == nil)
    }

    /// A refresh token is spent once. Spending it again is theft: every live token of the
    /// sign-in goes, the pair rotated from it included, and other sign-ins stay.
    @Test func reusingASpentRefreshTokenRevokesTheWholeSignIn() throws {
        var store = TokenStore()
        let first = store.issue(for: alex, now: start, ttl: 600)
        let other = store.issue(for: alex, now: start, ttl: 600)
        let (principal, family) = try store.redeem(refreshToken: first.refresh_token, session: "a")
        #expect(principal == alex)
        let rotated = store.issue(for: principal, now: start, ttl: 600, family: family)
        #expect(store.principal(forAccessToken: rotated.access_token, session: "a", now: start) == alex)
        #expect(refusal(&store, first.refresh_token, session: "a") == "invalid_grant")
        #expect(store.principal(forAccessToken: rotated.access_token, session: "a", now: start) == nil)
        #expect(store.principal(forAccessToken: first.access_token, session: "a", now: start) == nil)
        #expect(refusal(&store, rotated.refresh_token, session: "a") == "invalid_grant")
        #expect(store.principal(forAccessToken: other.access_token, session: "a", now: start) == alex)
        #expect(refusal(&store, other.refresh_token, session: "a") == nil)
    }

    /// Signing out revokes the access token and its refresh token; from another session it does nothing.
    @Test func signingOutRevokesTheAccessTokenAndItsRefreshToken() {
        var store = TokenStore()
        let pair = store.issue(for: alex, now: start, ttl: 600)
        store.revoke(accessToken: pair.access_token, session: "b")
        #expect(store.principal(forAccessToken: pair.access_token, session: "a", now: start) == alex)
        store.revoke(accessToken: pair.access_token, session: "a")
        #expect(store.principal(forAccessToken: pair.access_token, session: "a", now: start) == nil)
        #expect(refusal(&store, pair.refresh_token, session: "a") == "invalid_grant")
    }

    /// Expiring a session's access tokens leaves the other sessions' and every refresh token.
    @Test func expiringOneSessionsAccessLeavesTheOthers() {
        var store = TokenStore()
        let mine = store.issue(for: alex, now: start, ttl: 600)
        let theirs = store.issue(for: Principal(username: "sam", session: "b"), now: start, ttl: 600)
        let now = start.addingTimeInterval(1)
        #expect(store.expireAccess(session: "a", now: now) == 1)
        #expect(store.principal(forAccessToken: mine.access_token, session: "a", now: now) == nil)
        #expect(store.principal(forAccessToken: theirs.access_token, session: "b", now: now)?.username == "sam")
        #expect(refusal(&store, mine.refresh_token, session: "a") == nil)
        #expect(store.expireAccess(session: nil, now: now) == 1)
        #expect(store.principal(forAccessToken: theirs.access_token, session: "b", now: now) == nil)
    }

    /// Revoking a session's tokens says how many access tokens went, and leaves the others.
    @Test func revokingASessionCountsWhatWent() {
        var store = TokenStore()
        _ = store.issue(for: alex, now: start, ttl: 600)
        let second = store.issue(for: alex, now: start, ttl: 600)
        let theirs = store.issue(for: Principal(username: "sam", session: "b"), now: start, ttl: 600)
        #expect(store.revokeAll(session: "a") == 2)
        #expect(refusal(&store, second.refresh_token, session: "a") == "invalid_grant")
        #expect(store.principal(forAccessToken: theirs.access_token, session: "b", now: start)?.username == "sam")
        #expect(store.revokeAll(session: nil) == 1)
        #expect(store.principal(forAccessToken: theirs.access_token, session: "b", now: start) == nil)
    }

    /// The store remembers the newest `spentCapacity` spent refresh tokens for theft detection;
    /// past that it forgets the oldest half at once. A forgotten token is only unknown: its reuse
    /// is still refused, but no longer revokes its sign-in. A remembered one still does.
    @Test func spentTokensAreRememberedUpToTheBoundAndThenTheOldestHalfGoes() throws {
        var store = TokenStore()
        var spent: [(token: String, family: String)] = []
        // Each sign-in at its own second with a one-second life, so the access map stays small.
        for index in 0...TokenStore.spentCapacity {
            let pair = store.issue(for: alex, now: start.addingTimeInterval(Double(index)), ttl: 1)
            let (_, family) = try store.redeem(refreshToken: pair.refresh_token, session: "a")
            spent.append((pair.refresh_token, family))
        }
        let later = start.addingTimeInterval(Double(TokenStore.spentCapacity + 10))
        let half = TokenStore.spentCapacity / 2
        // The last forgotten and the first remembered, each with a live pair rotated in its sign-in.
        let forgotten = store.issue(for: alex, now: later, ttl: 600, family: spent[half - 1].family)
        let remembered = store.issue(for: alex, now: later, ttl: 600, family: spent[half].family)
        #expect(refusal(&store, spent[half - 1].token, session: "a") == "invalid_grant")
        #expect(store.principal(forAccessToken: forgotten.access_token, session: "a", now: later) == alex,
                "a forgotten spent token no longer revokes its sign-in")
        #expect(refusal(&store, spent[half].token, session: "a") == "invalid_grant")
        #expect(store.principal(forAccessToken: remembered.access_token, session: "a", now: later) == nil,
                "a remembered spent token still revokes its sign-in")
    }
}
