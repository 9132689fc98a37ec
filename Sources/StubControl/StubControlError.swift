import Foundation

/// What went wrong talking to the stub's admin API: the stub's own error, with the field it
/// names, or no answer at all.
public struct StubControlError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status the stub answered; nil when it could not be reached.
    public var status: Int?
    /// The stub's error code, such as `validation_failed` or `admin_loopback_only`.
    public var code: String
    /// The field a refused request got wrong, such as `route` or `latency.ms`; nil when none.
    public var field: String?
    /// What the stub (or the transport) said, for people.
    public var message: String

    /// An error with these parts.
    public init(status: Int?, code: String, field: String? = nil, message: String) {
        self.status = status
        self.code = code
        self.field = field
        self.message = message
    }

    /// `400 validation_failed (route): …`.
    public var description: String {
        "\(status.map(String.init) ?? "no answer") \(code)\(field.map { " (\($0))" } ?? ""): \(message)"
    }

    /// The stub could not be reached, or did not answer in time.
    /// The task waiting on the stub was cancelled (a test stopped or timed out).
    static let cancelled = StubControlError(status: nil, code: "cancelled", message: "the wait was cancelled")

    /// Why a call to `url` failed in the transport: `cancelled` when its task was, else `unreachable`.
    static func transport(_ url: String, _ error: any Error) -> StubControlError {
        Task.isCancelled || error is CancellationError || (error as? URLError)?.code == .cancelled ? .cancelled : .unreachable(url, error)
    }

    static func unreachable(_ url: String, _ error: any Error) -> StubControlError {
        StubControlError(status: nil, code: "unreachable",
                         message: "the stub at \(url) did not answer: \(error). Is it running? (swift run stubbank serve)")
    }
}
