import BankingDomain
import Foundation

/// Sends requests through the middleware stack and turns answers into DTOs or `BankingError`.
struct APIClient: Sendable {
    let transport: any HTTPTransport

    init(transport: any HTTPTransport) {
        self.transport = transport
    }

    /// Sends and decodes a JSON body.
    func send<T: Decodable>(_ request: HTTPRequestData, as type: T.Type) async throws(BankingError) -> T {
        let response = try await exchange(request)
        let contentType = response.header("Content-Type") ?? ""
        guard contentType.lowercased().hasPrefix("application/json") else {
            let got = contentType.isEmpty ? "no content type" : contentType
            throw .unexpectedResponse(reason: "expected JSON from \(request.method) \(request.path), got \(got)")
        }
        do {
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch {
            throw ErrorMapper.map(error)
        }
    }

    /// Sends and expects no body.
    func send(_ request: HTTPRequestData) async throws(BankingError) {
        _ = try await exchange(request)
    }

    private func exchange(_ request: HTTPRequestData) async throws(BankingError) -> HTTPResponseData {
        let response: HTTPResponseData
        do {
            response = try await transport.send(request)
        } catch {
            throw ErrorMapper.map(error)
        }
        guard (200..<300).contains(response.status) else { throw ErrorMapper.map(response) }
        return response
    }
}
