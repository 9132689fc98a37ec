import BankingDomain
import Crypto
import Foundation

/// Refuses any response whose `X-Signature` is not the HMAC-SHA256 of its body under the
/// environment's key: a proxy or attacker changed it, so the data cannot be trusted.
struct SignatureMiddleware: ClientMiddleware {
    /// Raw key bytes; `SymmetricKey` is made per check so no Sendable conformance is assumed.
    private let keyBytes: [UInt8]

    init(signingKey: String) {
        self.keyBytes = Array(signingKey.utf8)
    }

    func intercept(
        _ request: HTTPRequestData,
        next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData
    ) async throws -> HTTPResponseData {
        let response = try await next(request)
        guard let signature = response.header("X-Signature") else {
            throw BankingError.unexpectedResponse(reason: "missing X-Signature on \(request.method) \(request.path)")
        }
        let code = HMAC<SHA256>.authenticationCode(for: response.body, using: SymmetricKey(data: keyBytes))
        let expected = code.map { String(format: "%02x", $0) }.joined()
        guard Self.constantTimeEquals(signature.lowercased(), expected) else {
            throw BankingError.unexpectedResponse(reason: "X-Signature does not match the body of \(request.method) \(request.path)")
        }
        return response
    }

    private static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
