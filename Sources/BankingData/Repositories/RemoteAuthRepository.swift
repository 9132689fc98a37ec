import BankingDomain
import Foundation

/// Signs in through the API and keeps the session in the vault.
struct RemoteAuthRepository: AuthRepository {
    let remote: AuthRemoteDataSource
    let vault: TokenVault
    let now: @Sendable () -> Date

    init(remote: AuthRemoteDataSource, vault: TokenVault, now: @escaping @Sendable () -> Date = Date.init) {
        self.remote = remote
        self.vault = vault
        self.now = now
    }

    func signIn(username: String, password: String) async throws(BankingError) -> Session {
        let session = DomainMapper.session(try await remote.token(username: username, password: password), now: now())
        await vault.store(session)
        return session
    }

    func signOut() async {
        // Best effort: the local session is forgotten even if the server cannot be reached.
        try? await remote.logout()
        await vault.clear()
    }
}
