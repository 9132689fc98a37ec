public import BankingDomain
import Foundation

/// Holds the session and refreshes it with single flight: however many requests hit 401 at
/// once, one refresh call is made and all of them wait for it.
public actor TokenVault {
    /// Exchanges a refresh token for a new session; must not go through `AuthMiddleware`.
    public typealias Refresher = @Sendable (_ refreshToken: String) async throws(BankingError) -> Session

    private var session: Session?
    private var refreshing: Task<Session, any Error>?
    private var refresher: Refresher?
    private let store: (any SessionStore)?
    private let expiredContinuation: AsyncStream<Void>.Continuation
    /// Yields once each time a refresh fails and the customer must sign in again.
    public nonisolated let sessionExpired: AsyncStream<Void>

    /// A vault holding `session` (or nothing), persisted through `store` when given (the Keychain in the app).
    public init(session: Session? = nil, store: (any SessionStore)? = nil) {
        self.session = session
        self.store = store
        (sessionExpired, expiredContinuation) = AsyncStream.makeStream(of: Void.self)
    }

    /// Sets how to refresh (wired after the auth data source exists).
    public func setRefresher(_ refresher: @escaping Refresher) { self.refresher = refresher }

    /// The session held now; nil when signed out.
    public var current: Session? { session }

    /// Holds `session` (after sign-in) and persists it.
    public func store(_ session: Session) async {
        self.session = session
        await store?.save(session)
    }

    /// Forgets the session (sign-out, or a refresh that failed) here and in the store.
    public func clear() async {
        session = nil
        refreshing?.cancel()
        refreshing = nil
        await store?.clear()
    }

    /// Refreshes unless another caller already did since `staleToken` was used.
    /// - Returns: the new session.
    /// - Throws: `BankingError.sessionExpired` when there is nothing to refresh with or the server refused.
    public func refresh(replacing staleToken: String) async throws(BankingError) -> Session {
        if let session, session.accessToken != staleToken { return session }
        if let refreshing { return try await Self.await(refreshing) }
        guard let refreshToken = session?.refreshToken, let refresher else {
            await expire()
            throw .sessionExpired
        }
        let task = Task { () throws -> Session in try await refresher(refreshToken) }
        refreshing = task
        defer { refreshing = nil }
        do {
            let fresh = try await Self.await(task)
            await store(fresh)
            return fresh
        } catch {
            await expire()
            throw .sessionExpired
        }
    }

    private func expire() async {
        session = nil
        await store?.clear()
        expiredContinuation.yield()
    }

    private static func await(_ task: Task<Session, any Error>) async throws(BankingError) -> Session {
        do { return try await task.value } catch let error as BankingError { throw error } catch { throw .sessionExpired }
    }
}
