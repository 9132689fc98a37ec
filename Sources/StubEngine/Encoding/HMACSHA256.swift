/// HMAC-SHA256 (RFC 2104 over FIPS 180-4's SHA-256), for the `X-Signature` the stub puts on
/// every answer.
///
/// Written here rather than taken from swift-crypto so that the engine, and with it a team's
/// unit-test target (`StubInProcess`), does not build BoringSSL: on Linux that alone took most
/// of a clean build. The signature is a test fixture, not a secret's guard; the client core
/// checks it with swift-crypto, and `HMACSHA256Tests` holds this one to swift-crypto's answers
/// for every length up to three blocks, to FIPS 180-4's examples and to RFC 4231's.
package struct HMACSHA256: Sendable {
    /// The hash after the key's inner and outer pad blocks: each message continues a copy.
    private let inner: SHA256Stream
    private let outer: SHA256Stream

    package init(key: [UInt8]) {
        var block = key.count > SHA256Stream.blockBytes ? SHA256Stream.hash(key) : key
        block += [UInt8](repeating: 0, count: SHA256Stream.blockBytes - block.count)
        var inner = SHA256Stream()
        inner.update(block.map { $0 ^ 0x36 })
        var outer = SHA256Stream()
        outer.update(block.map { $0 ^ 0x5c })
        self.inner = inner
        self.outer = outer
    }

    /// The 32-byte code for `message`.
    package func code(for message: [UInt8]) -> [UInt8] {
        var inner = inner
        inner.update(message)
        var outer = outer
        outer.update(inner.finalize())
        return outer.finalize()
    }
}

/// SHA-256 (FIPS 180-4, section 6.2), fed in pieces.
package struct SHA256Stream: Sendable {
    static let blockBytes = 64

    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19)
    /// Bytes waiting for a whole block.
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    package init() {}

    /// The digest of `bytes` in one call.
    package static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var sha = SHA256Stream()
        sha.update(bytes)
        return sha.finalize()
    }

    package mutating func update(_ bytes: [UInt8]) {
        length &+= UInt64(bytes.count)
        var start = 0
        if !pending.isEmpty {
            let take = min(Self.blockBytes - pending.count, bytes.count)
            pending += bytes[0..<take]
            start = take
            guard pending.count == Self.blockBytes else { return }
            let block = pending
            pending.removeAll(keepingCapacity: true)
            block.withUnsafeBufferPointer { compress($0, at: 0) }
        }
        bytes.withUnsafeBufferPointer { buffer in
            while start + Self.blockBytes <= buffer.count {
                compress(buffer, at: start)
                start += Self.blockBytes
            }
        }
        if start < bytes.count { pending += bytes[start...] }
    }

    /// Pads, compresses the last block or two, and gives the 32-byte digest.
    package mutating func finalize() -> [UInt8] {
        let bits = length &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % Self.blockBytes != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        tail.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                compress(buffer, at: offset)
                offset += Self.blockBytes
            }
        }
        pending.removeAll()
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        return words.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) } }
    }

    private mutating func compress(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) {
        state = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for t in 0..<16 {
                let i = offset + t * 4
                w[t] = UInt32(buffer[i]) << 24 | UInt32(buffer[i + 1]) << 16 | UInt32(buffer[i + 2]) << 8 | UInt32(buffer[i + 3])
            }
            for t in 16..<64 {
                let s0 = w[t - 15].rotatedRight(7) ^ w[t - 15].rotatedRight(18) ^ (w[t - 15] >> 3)
                let s1 = w[t - 2].rotatedRight(17) ^ w[t - 2].rotatedRight(19) ^ (w[t - 2] >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = state
            for t in 0..<64 {
                let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                let choice = (e & f) ^ (~e & g)
                let t1 = h &+ s1 &+ choice &+ Self.k[t] &+ w[t]
                let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let t2 = s0 &+ majority
                h = g
                g = f
                f = e
                e = d &+ t1
                d = c
                c = b
                b = a
                a = t1 &+ t2
            }
            return (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
        }
    }

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}

extension UInt32 {
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 { (self >> count) | (self << (32 - count)) }
}
