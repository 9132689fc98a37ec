public import Foundation

/// One request a service asks the network layer for.
public struct ResourceRequest: Sendable, Equatable {
    /// The path under the base URL, e.g. `/data.json`.
    public var path: String
    /// The HTTP method.
    public var method: String

    /// A request for `path`.
    public init(path: String, method: String = "GET") {
        self.path = path
        self.method = method
    }
}

/// The app's HTTP client, abstracted so a service can run against the network or a local file.
public protocol Resource: Sendable {
    /// The body of a successful answer, or the network error it became.
    func fetch(_ request: ResourceRequest) async throws(NetworkError) -> Data
}
