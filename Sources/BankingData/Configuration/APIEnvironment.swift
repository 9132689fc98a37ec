public import Foundation

/// Where the app talks to and how, per build configuration (as EBank's xcconfig environments).
public struct APIEnvironment: Sendable, Hashable {
    /// `dev`, `uat` or `prod`, for logs and the settings screen.
    public let name: String
    /// The API's base URL; request paths are relative to it.
    public let baseURL: URL
    /// HMAC key for `X-Signature`.
    public let signingKey: String
    /// Per-request timeout in seconds.
    public let timeout: TimeInterval

    /// An environment.
    public init(name: String, baseURL: URL, signingKey: String, timeout: TimeInterval) {
        self.name = name
        self.baseURL = baseURL
        self.signingKey = signingKey
        self.timeout = timeout
    }

    /// The local stub (`stubbank serve`).
    public static let dev = APIEnvironment(name: "dev", baseURL: URL(string: "http://127.0.0.1:8080")!,
                                           signingKey: "stubbank-dev-signing-key", timeout: 15)
    /// The user-acceptance-test bank.
    public static let uat = APIEnvironment(name: "uat", baseURL: URL(string: "https://uat.api.stubbank.example")!,
                                           signingKey: "uat-signing-key", timeout: 30)
    /// The live bank.
    public static let prod = APIEnvironment(name: "prod", baseURL: URL(string: "https://api.stubbank.example")!,
                                            signingKey: "prod-signing-key", timeout: 30)

    /// This environment pointed at another base URL (a stub on an ephemeral port, say).
    public func with(baseURL: URL, timeout: TimeInterval? = nil) -> APIEnvironment {
        APIEnvironment(name: name, baseURL: baseURL, signingKey: signingKey, timeout: timeout ?? self.timeout)
    }
}
