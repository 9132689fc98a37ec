import Crypto
import Foundation
import StubServer
import StubFormats
import StubEngine

/// Valid-looking, obviously synthetic replacements, each derived from the real value and a salt
/// by HMAC-SHA256: the same real value gets the same fake in every file of a recording, and
/// again in the next recording with the same salt, so references between responses still line
/// up. Every fake carries a marker that `PIIScanner` knows, so a redacted folder passes
/// `redact --check`:
///
/// - an IBAN keeps its country and its pattern of letters and digits, its first four BBAN
///   characters become `XXXX` or `0000`, and its check digits are recomputed (mod 97 holds);
/// - a card number keeps its length, starts with the test range `400000` and is Luhn-valid;
/// - an e-mail address is `user.<hex>@example.com` (RFC 2606);
/// - a phone number is in Ofcom's drama range, `+44 7700 900nnn`;
/// - a token is `redacted-<hex>`;
/// - a name and an address come from short lists of plainly invented ones.
struct FakeValues: Sendable {
    private let salt: [UInt8]

    init(salt: String) {
        self.salt = Array(salt.utf8)
    }

    /// A stream of pseudo-random bytes for one real value.
    private func bytes(_ kind: PIIKind, _ value: String, count: Int) -> [UInt8] {
        let key = SymmetricKey(data: salt)
        var out: [UInt8] = []
        var block = 0
        while out.count < count {
            let code = HMAC<SHA256>.authenticationCode(for: Data("\(kind.rawValue)|\(block)|\(value)".utf8), using: key)
            out += Array(code)
            block += 1
        }
        return Array(out.prefix(count))
    }

    private func digits(_ kind: PIIKind, _ value: String, count: Int) -> [Int] {
        bytes(kind, value, count: count).map { Int($0) % 10 }
    }

    private func hex(_ kind: PIIKind, _ value: String, count: Int) -> String {
        Hex.string(bytes(kind, value, count: (count + 1) / 2)).prefix(count).description
    }

    /// The synthetic IBAN for a real, compact, upper-case one.
    func iban(_ real: String) -> String {
        let chars = Array(real)
        let country = String(chars[0..<2])
        let noise = bytes(.iban, real, count: chars.count)
        var bban = ""
        for (index, char) in chars[4...].enumerated() {
            let isDigit = char.isNumber
            if index < 4 {
                bban.append(isDigit ? "0" : "X")
            } else if isDigit {
                bban.append(Character(String(Int(noise[index]) % 10)))
            } else {
                bban.append(Character(Unicode.Scalar(UInt8(65 + Int(noise[index]) % 26))))
            }
        }
        return country + Self.ibanCheckDigits(country: country, bban: bban) + bban
    }

    static func ibanCheckDigits(country: String, bban: String) -> String {
        var remainder = 0
        for char in bban + country + "00" {
            let value = char.isNumber ? char.wholeNumberValue! : Int(char.asciiValue!) - 55
            for digit in String(value) { remainder = (remainder * 10 + digit.wholeNumberValue!) % 97 }
        }
        let check = 98 - remainder
        return check < 10 ? "0\(check)" : String(check)
    }

    /// The synthetic card number for a real one of `length` digits.
    func card(_ realDigits: String) -> String {
        let length = realDigits.count
        var payload = [4, 0, 0, 0, 0, 0] + digits(.card, realDigits, count: max(0, length - 7))
        payload = Array(payload.prefix(length - 1))
        return (payload + [Luhn.checkDigit(for: payload)]).map(String.init).joined()
    }

    func email(_ real: String) -> String {
        "user.\(hex(.email, real.lowercased(), count: 8))@example.com"
    }

    /// Whether `address` has the shape `email` gives, so redacting twice changes nothing.
    static func isFakeEmail(_ address: String) -> Bool {
        address.wholeMatch(of: /user\.[0-9a-f]{8}@example\.com/) != nil
    }

    func phone(_ real: String) -> String {
        "+44 7700 900" + digits(.phone, real.filter(\.isNumber), count: 3).map(String.init).joined()
    }

    func token(_ real: String) -> String {
        "redacted-" + hex(.token, real, count: 24)
    }

    private static let firstNames = FakeData.firstNames
    private static let lastNames = FakeData.lastNames

    /// A name for the field `key`: a last name for `lastName` or `surname`, a first name for
    /// `firstName` or `givenName`, otherwise a full name.
    func name(_ real: String, key: String) -> String {
        let noise = bytes(.name, real, count: 2)
        let first = Self.firstNames[Int(noise[0]) % Self.firstNames.count]
        let last = Self.lastNames[Int(noise[1]) % Self.lastNames.count]
        let field = key.lowercased()
        if field.contains("last") || field.contains("surname") || field.contains("family") { return last }
        if field.contains("first") || field.contains("given") { return first }
        return "\(first) \(last)"
    }

    func address(_ real: String) -> String {
        let number = digits(.address, real, count: 2).reduce(0) { $0 * 10 + $1 } + 1
        return "\(number) Example Street"
    }
}
