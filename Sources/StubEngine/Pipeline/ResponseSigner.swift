import NIOConcurrencyHelpers
import StubFormats

/// Signs response bodies: `X-Signature` is the lowercase hex HMAC-SHA256 of the exact body bytes.
///
/// Signing is on every response's path, so the keyed HMAC state is built once and copied, and
/// the signatures of recent bodies are remembered: a stub serves the same few bodies over and
/// over, and comparing bytes is far cheaper than hashing them (see Benchmarks/README.md).
package final class ResponseSigner: Sendable {
    private let keyed: HMACSHA256
    private let tamperedKeyed: HMACSHA256
    private let recent = NIOLockedValueBox<[Int: Remembered]>([:])
    private static let wrongKey = Array("tampered-by-stubbank".utf8)
    /// Bodies larger than this are signed every time rather than remembered.
    static let largestRemembered = 64 * 1024
    /// At most this many bodies are remembered (one per body length).
    static let rememberedCount = 64

    private struct Remembered: Sendable {
        var body: [UInt8]
        var signature: String
    }

    package init(key: String) {
        keyed = HMACSHA256(key: Array(key.utf8))
        tamperedKeyed = HMACSHA256(key: Self.wrongKey)
    }

    /// The signature a client should compute for `body`.
    package func signature(for body: [UInt8]) -> String {
        guard body.count <= Self.largestRemembered else { return Self.sign(body, with: keyed) }
        if let hit = recent.withLockedValue({ $0[body.count] }), hit.body == body {
            return hit.signature
        }
        let signature = Self.sign(body, with: keyed)
        recent.withLockedValue { recent in
            if recent.count >= Self.rememberedCount, recent[body.count] == nil { recent.removeAll(keepingCapacity: true) }
            recent[body.count] = Remembered(body: body, signature: signature)
        }
        return signature
    }

    /// A well-formed signature that will not verify, for the `tampered-signature` scenario.
    package func tamperedSignature(for body: [UInt8]) -> String {
        Self.sign(body, with: tamperedKeyed)
    }

    private static func sign(_ body: [UInt8], with keyed: HMACSHA256) -> String {
        Hex.string(keyed.code(for: body))
    }
}
