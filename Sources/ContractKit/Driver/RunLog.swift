import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What an operation's client tells the harness from inside, below its own error mapping:
/// session-level signals (such as "session expired") and the raw transport errors its
/// URLSession threw. One log per case, shared by every concurrent caller of the case.
///
/// ```swift
/// let watcher = Task { for await _ in vault.sessionExpired { run.log.signal("sessionExpired") } }
/// run.log.whenFinished { watcher.cancel() }
/// ```
///
/// Signals may arrive after `perform` returns (a stream delivers them later): the harness waits
/// for the counts a case expects, with a bound, before it compares them.
public final class RunLog: Sendable {
    private struct State {
        var signals: [String: Int] = [:]
        var urlErrors: [String] = []
        var cleanups: [@Sendable () -> Void] = []
        var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]
        var finished = false
    }

    private let state = Locked(State())

    /// An empty log.
    public init() {}

    /// Records one firing of a session-level signal, such as `sessionExpired`.
    public func signal(_ name: String) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.signals[name, default: 0] += 1
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        waiters.forEach { $0.resume() }
    }

    /// Records an error the transport threw: a `URLError`'s code is kept by name
    /// (`timedOut`, `networkConnectionLost`, `cannotConnectToHost`, ...); other errors are ignored.
    public func transportError(_ error: any Error) {
        guard let error = error as? URLError else { return }
        state.withLock { $0.urlErrors.append(Self.name(of: error.code)) }
    }

    /// Runs `cleanup` when the harness is done with the case (after waiting for signals), such as
    /// cancelling a task that forwards signals.
    public func whenFinished(_ cleanup: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state in
            if !state.finished { state.cleanups.append(cleanup) }
            return state.finished
        }
        if runNow { cleanup() }
    }

    /// How often each signal fired so far.
    public var signals: [String: Int] { state.withLock { $0.signals } }

    /// The URLError codes the transport threw, in order, by name.
    public var urlErrors: [String] { state.withLock { $0.urlErrors } }

    /// Waits until every signal in `expected` fired at least that often, or `seconds` pass.
    func waitForSignals(_ expected: [String: Int], seconds: Double) async {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while !reached(expected), !isFinished, ContinuousClock.now < deadline {
            // Woken by the next signal, or by the deadline.
            let id = UUID()
            await withTaskGroup(of: Void.self) { group in
                group.addTask { [self] in
                    await withCheckedContinuation { continuation in
                        let early = state.withLock { state -> Bool in
                            if Self.reached(expected, state.signals) || state.finished || ContinuousClock.now >= deadline { return true }
                            state.waiters[id] = continuation
                            return false
                        }
                        if early { continuation.resume() }
                    }
                }
                group.addTask {
                    try? await Task.sleep(until: deadline, clock: .continuous)
                }
                await group.next()
                group.cancelAll()
                // The sleeper ends on cancellation; the waiter is resumed here if it is still parked.
                let parked = state.withLock { $0.waiters.removeValue(forKey: id) }
                parked?.resume()
            }
        }
    }

    /// Ends the log: cleanups run once, and any waiter is released.
    func finish() {
        let (cleanups, waiters) = state.withLock { state in
            state.finished = true
            defer { state.cleanups.removeAll(); state.waiters.removeAll() }
            return (state.cleanups, Array(state.waiters.values))
        }
        waiters.forEach { $0.resume() }
        cleanups.forEach { $0() }
    }

    private var isFinished: Bool { state.withLock { $0.finished } }

    private func reached(_ expected: [String: Int]) -> Bool {
        state.withLock { Self.reached(expected, $0.signals) }
    }

    private static func reached(_ expected: [String: Int], _ seen: [String: Int]) -> Bool {
        expected.allSatisfy { seen[$0.key, default: 0] >= $0.value }
    }

    /// The Apple spelling of a URLError code, the same on iOS and Linux (NSURLError.h).
    static func name(of code: URLError.Code) -> String {
        let names: [URLError.Code: String] = [
            .appTransportSecurityRequiresSecureConnection: "appTransportSecurityRequiresSecureConnection",
            .dataNotAllowed: "dataNotAllowed", .internationalRoamingOff: "internationalRoamingOff", .callIsActive: "callIsActive",
            .httpTooManyRedirects: "httpTooManyRedirects", .resourceUnavailable: "resourceUnavailable",
            .redirectToNonExistentLocation: "redirectToNonExistentLocation", .userAuthenticationRequired: "userAuthenticationRequired",
            .serverCertificateUntrusted: "serverCertificateUntrusted", .serverCertificateHasBadDate: "serverCertificateHasBadDate",
            .cannotLoadFromNetwork: "cannotLoadFromNetwork", .backgroundSessionWasDisconnected: "backgroundSessionWasDisconnected",
            .cancelled: "cancelled", .badURL: "badURL", .timedOut: "timedOut", .unsupportedURL: "unsupportedURL",
            .cannotFindHost: "cannotFindHost", .cannotConnectToHost: "cannotConnectToHost",
            .networkConnectionLost: "networkConnectionLost", .dnsLookupFailed: "dnsLookupFailed",
            .notConnectedToInternet: "notConnectedToInternet", .badServerResponse: "badServerResponse",
            .zeroByteResource: "zeroByteResource", .cannotDecodeRawData: "cannotDecodeRawData",
            .cannotDecodeContentData: "cannotDecodeContentData", .cannotParseResponse: "cannotParseResponse",
            .secureConnectionFailed: "secureConnectionFailed", .unknown: "unknown",
        ]
        return names[code] ?? "code\(code.rawValue)"
    }
}

extension RunLog {
    /// What a URLError name means for the customer, the same on every platform: the same fault
    /// is `networkConnectionLost` on iOS and `badServerResponse` or `unknown` on Linux, so a run's
    /// fingerprint uses this, not the raw name, and a Mac and Linux agree.
    static func category(of name: String) -> String {
        switch name {
        case "notConnectedToInternet", "cannotConnectToHost", "cannotFindHost", "dnsLookupFailed", "dataNotAllowed",
             "internationalRoamingOff", "callIsActive":
            "offline"
        case "timedOut": "timeout"
        case "networkConnectionLost", "badServerResponse", "zeroByteResource", "unknown", "cannotParseResponse": "connectionLost"
        case "cancelled": "cancelled"
        case "appTransportSecurityRequiresSecureConnection", "secureConnectionFailed", "serverCertificateUntrusted",
             "serverCertificateHasBadDate", "serverCertificateNotYetValid", "serverCertificateHasUnknownRoot": "insecure"
        default: "other"
        }
    }
}
