import Crypto
import Foundation

/// Signs response bodies: `X-Signature` is the lowercase hex HMAC-SHA256 of the exact body bytes.
public struct ResponseSigner: Sendable {
    private let key: [UInt8]
    private static let wrongKey = Array("tampered-by-stubbank".utf8)

    public init(key: String) {
        self.key = Array(key.utf8)
    }

    /// The signature a client should compute for `body`.
    public func signature(for body: some DataProtocol) -> String {
        Self.hex(HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: key)))
    }

    /// A well-formed signature that will not verify, for the `tampered-signature` scenario.
    func tamperedSignature(for body: some DataProtocol) -> String {
        Self.hex(HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: Self.wrongKey)))
    }

    private static func hex(_ code: HMAC<SHA256>.MAC) -> String {
        code.map { String(format: "%02x", $0) }.joined()
    }
}
