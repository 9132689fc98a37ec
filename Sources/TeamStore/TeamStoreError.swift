/// Team store failures a person can act on.
public enum TeamStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The address could not be used: the text and why.
    case badAddress(String, String)
    /// The server could not be reached or refused the connection.
    case unreachable(String, String)
    /// A run with this id is already in the store with different content; runs are immutable.
    case conflictingRun(String)
    /// A query failed: what was asked and the server's message.
    case queryFailed(String, String)
    /// A window such as `14d`, `36h` or `2w` could not be read.
    case badWindow(String)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .badAddress(let text, let reason): "cannot use the team store address \(text): \(reason)"
        case .unreachable(let address, let reason): "cannot reach the team store at \(address): \(reason)"
        case .conflictingRun(let id):
            "run \(id) is already in the team store with different content; runs are immutable, so it was not pushed"
        case .queryFailed(let what, let reason): "team store: \(what) failed: \(reason)"
        case .badWindow(let text): "cannot read the window \(text); use days, hours or weeks, e.g. 14d, 36h, 2w"
        }
    }
}
