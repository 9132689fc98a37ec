/// Lowercase hexadecimal, the one spelling the stub, the importers, the recorder, ContractKit and
/// the team store share (digests, signatures, ids). Written without `String(format:)`, which
/// costs more than the HMAC it would print.
public enum Hex {
    @usableFromInline static let digits = Array("0123456789abcdef".utf8)

    /// Two lowercase digits per byte, most significant first. Inlinable, so that it is
    /// specialized for each byte sequence (a signature's MAC on every response).
    @inlinable
    public static func string(_ bytes: some Sequence<UInt8>) -> String {
        var text = [UInt8]()
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether `byte` is an ASCII hexadecimal digit (`0`–`9`, `a`–`f`, `A`–`F`); Swift's
    /// `Character.isHexDigit` also takes their fullwidth forms.
    public static func isDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
