/// Folder-wide settings from the optional `stubbank.yaml` at the root of a stubs folder.
///
/// ```yaml
/// bank: false                          # serve only route files; default: on when a personas/ folder exists
/// basePath: /open-banking/v4.0/aisp    # routes also answer under this prefix (an OpenAPI document's servers path)
/// ```
public struct StubsSettings: Sendable, Equatable {
    /// Whether the built-in bank serves `/v1/...` behind the route files.
    public var bank: Bool
    /// A path prefix requests may carry before a route's path: `/open-banking/v4.0/aisp/accounts`
    /// and `/accounts` reach the same route. Nil when there is none.
    public var basePath: String?

    /// Settings with the bank on or off, and a base path.
    public init(bank: Bool, basePath: String? = nil) {
        self.bank = bank
        self.basePath = basePath
    }
}
