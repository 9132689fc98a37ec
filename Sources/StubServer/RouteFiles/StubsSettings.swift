/// Folder-wide settings from the optional `stubbank.yaml` at the root of a stubs folder.
///
/// ```yaml
/// bank: false        # serve only route files; default: on when a personas/ folder exists
/// ```
public struct StubsSettings: Sendable, Equatable {
    /// Whether the built-in bank serves `/v1/...` behind the route files.
    public var bank: Bool

    /// Settings with the bank on or off.
    public init(bank: Bool) { self.bank = bank }
}
