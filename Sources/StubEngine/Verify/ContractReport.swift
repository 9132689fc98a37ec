/// What a check of stubs against an OpenAPI document found: each thing it checked and each
/// disagreement. `stubbank verify` prints it.
public struct ContractReport: Sendable {
    /// Each thing that was checked (a route, a fixture, a persona's answer), one line each.
    public var checked: [String] = []
    /// Each disagreement, with its file and line where there is one, and the reason.
    public var problems: [String] = []

    /// An empty report.
    public init() {}
}
