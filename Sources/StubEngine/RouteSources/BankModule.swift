package import Foundation

/// The built-in bank, for a stub that asks for it: `BankModule.builtIn`, from the `BuiltInBank`
/// library. A stub built without one serves route files (and routes written in Swift) alone, so
/// a unit-test target that stubs `URLSession` with its own route files never builds the bank.
///
/// ```swift
/// import BuiltInBank
/// let stub = try InProcessStub(stubs: stubsFolder, bank: .builtIn)
/// ```
///
/// `stubbank serve` and the testing library's stubs always have it; `stubbank.yaml`'s
/// `bank: false` turns it off for a folder.
public struct BankModule: Sendable {
    /// Reads the bank's files (personas, ATMs) under a stubs folder, appending each problem with
    /// its file and line.
    package let load: @Sendable (_ root: URL, _ problems: inout [FixtureProblem]) -> any HostedBankFixtures
    /// Starts a bank over loaded fixtures.
    package let start: @Sendable (_ fixtures: any HostedBankFixtures, _ start: HostedBankStart) -> any HostedBank

    /// A module from its two steps (the `BuiltInBank` library makes the one there is).
    package init(load: @escaping @Sendable (URL, inout [FixtureProblem]) -> any HostedBankFixtures,
                 start: @escaping @Sendable (any HostedBankFixtures, HostedBankStart) -> any HostedBank) {
        self.load = load
        self.start = start
    }
}

/// What a bank is started with: the stub's token lifetime, the active scenario's settings and its clock.
package struct HostedBankStart: Sendable {
    package var tokenTTLSeconds: Int
    package var settings: ScenarioSettings?
    package var clock: @Sendable () -> Date

    package init(tokenTTLSeconds: Int, settings: ScenarioSettings?, clock: @escaping @Sendable () -> Date) {
        self.tokenTTLSeconds = tokenTTLSeconds
        self.settings = settings
        self.clock = clock
    }
}

/// A bank's files as read from a stubs folder, before it serves them.
package protocol HostedBankFixtures: Sendable {
    /// The personas' sign-in names, for the admin API's reload answer and the log.
    var personaNames: [String] { get }
}

/// A running bank, as the stub hosts it: a route source with state per session.
package protocol HostedBank: Sendable {
    /// Its routes, asked after the route files.
    var source: any RouteSource { get }
    /// Its routes as `serve` prints them: pattern, operation id, summary, whether a token is needed.
    var listing: [(pattern: String, operationId: String, summary: String, auth: Bool)] { get }
    /// Restores one session's customers (nil: every session) and revokes its tokens; returns how many of each.
    @discardableResult
    func reset(session: String?) -> (customers: Int, tokens: Int)
    /// Ends one session's access tokens (nil: every session); returns how many.
    func expireAccessTokens(session: String?) -> Int
    /// The active scenario's settings (token lifetime, maintenance), or nil for none.
    func apply(settings: ScenarioSettings?)
    /// Serves fixtures read again (a reload); state already made is kept.
    func replaceFixtures(_ fixtures: any HostedBankFixtures)
}
