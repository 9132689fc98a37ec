public import Foundation

/// What an operation's closure is given: the case's persona and arguments, and a base URL that
/// already carries the case's session (`http://host/_s/<session>`), so a client whose only seam
/// is its base URL stays isolated from every other case.
public struct OperationRun: Sendable {
    /// The case being run, e.g. `accounts.list.maintenance`.
    public let caseId: String
    /// The operation's name, e.g. `accounts.list`.
    public let operation: String
    /// The persona the case names, for operations that sign in first.
    public let persona: String?
    /// The case's `with:` values.
    public let arguments: [String: String]
    /// Where the client must send its requests. In `perform` of a case that takes the device
    /// offline, this points at a port nothing listens on, so every request is refused.
    public let baseURL: URL
    /// The stub's session for this case; `baseURL` carries it already.
    public let session: String
    /// The client timeout the case asks for, in seconds (15 when it states none).
    public let timeout: TimeInterval
    /// Whether the case takes the device offline for the operation.
    public let isOffline: Bool
    /// The time zone the presentation must run in (an IANA name such as `Pacific/Auckland`),
    /// or nil for the client's own. Set by a case's `zone:` or the client's `zones`.
    public let zone: String?
    /// Where the client records session-level signals and raw transport errors.
    public let log: RunLog
    /// Which of a case's concurrent callers this is, from 0 (always 0 without `concurrency:`).
    public let caller: Int

    /// A run context; ContractKit makes these, tests of a driver may too.
    public init(caseId: String, operation: String, persona: String?, arguments: [String: String], baseURL: URL,
                session: String, timeout: TimeInterval, isOffline: Bool, zone: String? = nil, log: RunLog = RunLog(), caller: Int = 0) {
        self.caseId = caseId
        self.operation = operation
        self.persona = persona
        self.arguments = arguments
        self.baseURL = baseURL
        self.session = session
        self.timeout = timeout
        self.isOffline = isOffline
        self.zone = zone
        self.log = log
        self.caller = caller
    }

    /// The argument `name`, or nil.
    public subscript(_ name: String) -> String? { arguments[name] }

    /// The argument `name`, or `fallback` when the case leaves it out.
    public func argument(_ name: String, default fallback: String) -> String { arguments[name] ?? fallback }

    /// The client timeout when a case states none: roomy, so a busy CI machine is not a timeout.
    public static let defaultTimeout: TimeInterval = 15

    /// The same run with another base URL.
    func with(baseURL: URL) -> OperationRun { copy(baseURL: baseURL) }

    /// The same run for another concurrent caller.
    func with(caller: Int) -> OperationRun { copy(caller: caller) }

    private func copy(baseURL: URL? = nil, caller: Int? = nil) -> OperationRun {
        OperationRun(caseId: caseId, operation: operation, persona: persona, arguments: arguments, baseURL: baseURL ?? self.baseURL,
                     session: session, timeout: timeout, isOffline: isOffline, zone: zone, log: log, caller: caller ?? self.caller)
    }
}
