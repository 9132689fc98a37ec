public import BankingDomain
public import Foundation

/// The composition root of the data layer: one transport, its middleware, the token vault and
/// every repository, wired once and passed to the presentation layer.
public struct BankingClient: Sendable {
    /// Holds the session; observe `sessionExpired` to send the customer to sign-in.
    public let vault: TokenVault
    /// Sign-in and sign-out.
    public let auth: any AuthRepository
    /// The customer's profile.
    public let profile: any ProfileRepository
    /// Accounts and balances.
    public let accounts: any AccountRepository
    /// Account entries, a page at a time.
    public let transactions: any TransactionRepository
    /// Cash machines.
    public let atms: any ATMRepository
    /// Cards, freezing and unfreezing.
    public let cards: any CardRepository
    /// Saved payees.
    public let beneficiaries: any BeneficiaryRepository
    /// Transfers, each under an idempotency key.
    public let transfers: any TransferRepository
    /// Support tickets.
    public let support: any SupportRepository
    /// The bank's service status.
    public let status: any StatusRepository

    /// - Parameters:
    ///   - transport: the raw transport (URLSession in the app, a closure in tests)
    ///   - signingKey: the environment's `X-Signature` key
    ///   - extraMiddleware: added innermost, next to the transport (fault injection, logging)
    public init(transport: any HTTPTransport, signingKey: String, vault: TokenVault = TokenVault(),
                extraMiddleware: [any ClientMiddleware] = [], now: @escaping @Sendable () -> Date = Date.init) async {
        // The refresh call goes through signature checks but never through AuthMiddleware,
        // so it is never itself retried on 401.
        let unauthenticated = APIClient(transport: MiddlewareTransport(
            transport: transport, middlewares: [SignatureMiddleware(signingKey: signingKey)] + extraMiddleware))
        let authenticated = APIClient(transport: MiddlewareTransport(
            transport: transport,
            middlewares: [AuthMiddleware(vault: vault), SignatureMiddleware(signingKey: signingKey)] + extraMiddleware))
        let authRemote = AuthRemoteDataSource(client: unauthenticated)
        let logoutRemote = AuthRemoteDataSource(client: authenticated)
        await vault.setRefresher { refreshToken throws(BankingError) in
            DomainMapper.session(try await authRemote.refresh(refreshToken: refreshToken), now: now())
        }
        let remote = BankRemoteDataSource(client: authenticated)
        self.vault = vault
        self.auth = RemoteSignInRepository(signIn: RemoteAuthRepository(remote: authRemote, vault: vault, now: now),
                                           signOut: RemoteAuthRepository(remote: logoutRemote, vault: vault, now: now))
        self.profile = RemoteProfileRepository(remote: remote)
        self.accounts = RemoteAccountRepository(remote: remote)
        self.transactions = RemoteTransactionRepository(remote: remote)
        self.atms = RemoteATMRepository(remote: remote)
        self.cards = RemoteCardRepository(remote: remote)
        self.beneficiaries = RemoteBeneficiaryRepository(remote: remote)
        self.transfers = RemoteTransferRepository(remote: remote)
        self.support = RemoteSupportRepository(remote: remote)
        self.status = RemoteStatusRepository(remote: remote)
    }

    /// A live client for an environment, over URLSession.
    public static func live(_ environment: APIEnvironment, vault: TokenVault = TokenVault()) async -> BankingClient {
        await BankingClient(transport: URLSessionTransport(baseURL: environment.baseURL, timeout: environment.timeout),
                            signingKey: environment.signingKey, vault: vault)
    }
}

/// Sign-in uses the unauthenticated client; sign-out needs the token to revoke it.
struct RemoteSignInRepository: AuthRepository {
    let signIn: RemoteAuthRepository
    let signOut: RemoteAuthRepository

    func signIn(username: String, password: String) async throws(BankingError) -> Session {
        try await signIn.signIn(username: username, password: password)
    }

    func signOut() async { await signOut.signOut() }
}
