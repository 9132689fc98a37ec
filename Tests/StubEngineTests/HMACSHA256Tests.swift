import Crypto
import Foundation
import StubFormats
import Testing
@testable import StubEngine

/// The engine's own HMAC-SHA256 (it signs every answer) against swift-crypto, the library the
/// client core checks signatures with, and against the published examples.
@Suite struct HMACSHA256Tests {
    /// FIPS 180-4's examples (NIST's "SHA256.pdf" and the one-million-a message).
    @Test func shaMatchesTheStandardsExamples() {
        #expect(Hex.string(SHA256Hash.of("")) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Hex.string(SHA256Hash.of("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Hex.string(SHA256Hash.of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        var million = StubEngine.SHA256Stream()
        for _ in 0..<1000 { million.update([UInt8](repeating: UInt8(ascii: "a"), count: 1000)) }
        #expect(Hex.string(million.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// RFC 4231's test cases 1, 2, 6 and 7 (a short key, a short key and data, and keys longer
    /// than a block, which are hashed first).
    @Test func hmacMatchesRFC4231() {
        let cases: [(key: [UInt8], data: [UInt8], mac: String)] = [
            ([UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
             "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
            (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
             "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
            ([UInt8](repeating: 0xaa, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
             "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
            ([UInt8](repeating: 0xaa, count: 131),
             Array("This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.".utf8),
             "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
        ]
        for (key, data, mac) in cases {
            #expect(Hex.string(HMACSHA256(key: key).code(for: data)) == mac)
        }
    }

    /// Every message length up to three blocks and past (the padding's edges at 55, 56, 63, 64),
    /// keys of every length around a block, and messages fed in pieces: the same as swift-crypto.
    @Test func agreesWithSwiftCrypto() {
        var generator = SeededGenerator(seed: 7)
        for length in 0...200 {
            let message = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let keyLength = [0, 1, 31, 32, 63, 64, 65, 128, 200][length % 9]
            let key = (0..<keyLength).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let expected = Hex.string(Crypto.HMAC<Crypto.SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
            #expect(Hex.string(HMACSHA256(key: key).code(for: message)) == expected, "message \(length) bytes, key \(keyLength)")
            var pieces = StubEngine.SHA256Stream()
            var rest = message[...]
            while !rest.isEmpty {
                let take = min(rest.count, Int.random(in: 1...70, using: &generator))
                pieces.update(Array(rest.prefix(take)))
                rest = rest.dropFirst(take)
            }
            #expect(Hex.string(pieces.finalize()) == Hex.string(Crypto.SHA256.hash(data: message)), "\(length) bytes in pieces")
        }
    }

    /// The signer's header is what a client computes with swift-crypto and the same key.
    @Test func theSignatureIsWhatAClientComputes() {
        let body = Array(#"{"data":[{"id":"acc_1"}],"nextCursor":null}"#.utf8)
        let signer = ResponseSigner(key: "stubbank-dev-signing-key")
        let expected = Hex.string(Crypto.HMAC<Crypto.SHA256>.authenticationCode(
            for: body, using: SymmetricKey(data: Array("stubbank-dev-signing-key".utf8))))
        #expect(signer.signature(for: body) == expected)
        #expect(signer.signature(for: body) == expected, "the remembered signature too")
        #expect(signer.tamperedSignature(for: body) != expected)
        #expect(signer.tamperedSignature(for: body).count == 64)
    }
}

/// `SHA256.hash` on text, for the examples.
private enum SHA256Hash {
    static func of(_ text: String) -> [UInt8] { StubEngine.SHA256Stream.hash(Array(text.utf8)) }
}
