/// Folder-wide settings from the optional `stubbank.yaml` at the root of a stubs folder.
///
/// ```yaml
/// bank: false                          # serve only route files; default: on when a personas/ folder exists
/// basePath: /open-banking/v4.0/aisp    # routes also answer under this prefix (an OpenAPI document's servers path)
/// document: openapi.yaml               # the API document the routes came from
/// validate: requests                   # refuse requests that break it (400/422); default: off
/// ```
package struct StubsSettings: Sendable, Equatable {
    /// Whether the built-in bank serves `/v1/...` behind the route files.
    package var bank: Bool
    /// A path prefix requests may carry before a route's path: `/open-banking/v4.0/aisp/accounts`
    /// and `/accounts` reach the same route. Nil when there is none.
    package var basePath: String?
    /// The OpenAPI document inside the folder that the routes describe (`openapi.yaml`).
    package var document: String?
    /// Refuse requests that break `document` before a route answers them.
    package var validateRequests: Bool
    /// Refuse (401) requests without the credentials their operation's `security` in `document`
    /// names (`validate: [requests, credentials]`).
    package var validateCredentials = false

    /// Settings with the bank on or off, a base path, a document and request validation.
    package init(bank: Bool, basePath: String? = nil, document: String? = nil, validateRequests: Bool = false) {
        self.bank = bank
        self.basePath = basePath
        self.document = document
        self.validateRequests = validateRequests
    }
}
