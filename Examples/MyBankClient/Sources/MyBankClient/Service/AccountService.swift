import Foundation

/// Where the interactor gets the account document from.
public protocol AccountService: Sendable {
    /// The account, its transactions and the ATMs.
    func accountData() async throws(NetworkError) -> AccountDataDTO
}

/// The service over a `Resource`: fetches `/data.json` and decodes it.
public struct RemoteAccountService: AccountService {
    let resource: any Resource

    /// A service that fetches through `resource`.
    public init(resource: any Resource) {
        self.resource = resource
    }

    /// Fetches and decodes the document; a body that does not decode is `invalidData`.
    public func accountData() async throws(NetworkError) -> AccountDataDTO {
        let data = try await resource.fetch(ResourceRequest(path: "/data.json"))
        do {
            return try JSONDecoder().decode(AccountDataDTO.self, from: data)
        } catch {
            throw NetworkError.invalidData
        }
    }
}
