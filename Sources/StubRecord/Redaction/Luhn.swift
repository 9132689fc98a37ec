/// The Luhn check digit that card numbers carry (ISO/IEC 7812).
enum Luhn {
    /// Whether `digits` (numbers only) end in a correct check digit.
    static func isValid(_ digits: [Int]) -> Bool {
        guard digits.count >= 2 else { return false }
        return checkDigit(for: Array(digits.dropLast())) == digits.last
    }

    /// The digit that makes `payload` followed by it Luhn-valid.
    static func checkDigit(for payload: [Int]) -> Int {
        var sum = 0
        for (index, digit) in payload.reversed().enumerated() {
            if index % 2 == 0 {
                let doubled = digit * 2
                sum += doubled > 9 ? doubled - 9 : doubled
            } else {
                sum += digit
            }
        }
        return (10 - sum % 10) % 10
    }
}
