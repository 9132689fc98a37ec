import StubEngine

/// IBAN validation by the ISO 13616 mod-97 check, as a real bank would do before saving a payee.
package enum IBAN {
    package static func normalised(_ text: String) -> String {
        text.filter { !$0.isWhitespace }.uppercased()
    }

    /// The contract's compact shape: `^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$`.
    package static func hasCompactShape(_ text: String) -> Bool {
        let chars = Array(text.unicodeScalars)
        guard (15...34).contains(chars.count) else { return false }
        let upper = { (c: Unicode.Scalar) in ("A"..."Z").contains(c) }
        let digit = { (c: Unicode.Scalar) in ("0"..."9").contains(c) }
        return upper(chars[0]) && upper(chars[1]) && digit(chars[2]) && digit(chars[3])
            && chars[4...].allSatisfy { upper($0) || digit($0) }
    }

    package static func isValid(_ text: String) -> Bool {
        let iban = normalised(text)
        guard (15...34).contains(iban.count), iban.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
        let chars = Array(iban)
        guard chars[0].isLetter, chars[1].isLetter, chars[2].isNumber, chars[3].isNumber else { return false }
        let rearranged = chars[4...] + chars[..<4]
        var remainder = 0
        for char in rearranged {
            guard let value = char.isNumber ? char.wholeNumberValue : char.asciiValue.map({ Int($0) - 55 }) else { return false }
            for digit in String(value) {
                remainder = (remainder * 10 + digit.wholeNumberValue!) % 97
            }
        }
        return remainder == 1
    }
}
