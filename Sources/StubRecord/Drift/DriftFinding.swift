/// One difference between what the stub serves and what the upstream answers.
public struct DriftFinding: Sendable, Equatable, Codable, CustomStringConvertible {
    /// What changed.
    public enum Change: String, Sendable, Codable {
        /// The upstream sends a field the stub does not.
        case fieldAdded = "field added"
        /// The stub sends a field the upstream no longer does.
        case fieldRemoved = "field removed"
        /// The same field has another JSON type upstream.
        case typeChanged = "type changed"
        /// An enum-like field has a value the stub never sends.
        case newEnumValue = "new enum value"
        /// A field the stub always fills is null upstream.
        case becameNullable = "became nullable"
        /// The upstream answers with another status.
        case statusChanged = "status changed"
    }

    /// `GET /v1/accounts`.
    public var route: String
    /// `$.data[*].name`; `$` for the whole answer.
    public var path: String
    /// What kind of difference it is.
    public var change: Change
    /// What the stub has and what the upstream has, e.g. `string` and `number`.
    public var stub: String
    /// What the upstream has (see `stub`).
    public var upstream: String
    /// Whether a client written against the stub may fail on the upstream's answer.
    public var breaking: Bool

    public var description: String {
        let detail = switch change {
        case .fieldAdded: "upstream has \(path) (\(upstream)); the stub does not"
        case .fieldRemoved: "the stub has \(path) (\(stub)); upstream does not"
        case .typeChanged: "\(path) is \(stub) in the stub, \(upstream) upstream"
        case .newEnumValue: "\(path) upstream holds \(upstream), which the stub never serves (stub: \(stub))"
        case .becameNullable: "\(path) is null upstream; the stub always has \(stub)"
        case .statusChanged: "status \(stub) in the stub, \(upstream) upstream"
        }
        return "\(breaking ? "BREAKING" : "additive") \(route): \(change.rawValue): \(detail)"
    }
}
