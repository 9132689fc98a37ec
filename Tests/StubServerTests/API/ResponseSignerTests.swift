import Crypto
import Testing
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine

@Suite struct ResponseSignerTests {
    static func expected(_ body: [UInt8], key: String) -> String {
        HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: Array(key.utf8)))
            .map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
    }

    @Test func signsLikeAPlainHMACEveryTime() {
        let signer = ResponseSigner(key: "k1")
        let body = Array(#"{"data":[]}"#.utf8)
        for _ in 0..<3 { #expect(signer.signature(for: body) == Self.expected(body, key: "k1")) }
        #expect(signer.signature(for: []) == Self.expected([], key: "k1"))
    }

    /// Remembered signatures are keyed by length: bodies of the same length must never share one.
    @Test func sameLengthBodiesKeepTheirOwnSignatures() {
        let signer = ResponseSigner(key: "k2")
        let first = Array(#"{"balance":"10.00"}"#.utf8), second = Array(#"{"balance":"99.00"}"#.utf8)
        #expect(first.count == second.count)
        for _ in 0..<3 {
            #expect(signer.signature(for: first) == Self.expected(first, key: "k2"))
            #expect(signer.signature(for: second) == Self.expected(second, key: "k2"))
        }
    }

    @Test func manyBodiesAndLargeBodiesStayCorrect() {
        let signer = ResponseSigner(key: "k3")
        let bodies = (0..<(ResponseSigner.rememberedCount * 2)).map { Array(String(repeating: "x", count: $0 + 1).utf8) }
        for body in bodies + bodies { #expect(signer.signature(for: body) == Self.expected(body, key: "k3")) }
        let large = [UInt8](repeating: 7, count: ResponseSigner.largestRemembered + 1)
        #expect(signer.signature(for: large) == Self.expected(large, key: "k3"))
    }

    @Test func tamperedSignatureIsWellFormedButWrong() {
        let signer = ResponseSigner(key: "k4")
        let body = Array("hello".utf8)
        let tampered = signer.tamperedSignature(for: body)
        #expect(tampered.count == 64 && tampered.allSatisfy(\.isHexDigit))
        #expect(tampered != signer.signature(for: body))
    }
}
