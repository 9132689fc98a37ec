extension String {
    /// `value` in `radix`, with leading zeros up to `width` digits: `String(7, zeroPaddedTo: 4)` is `"0007"`.
    /// Ids, token hex and money fractions need it on paths where `String(format:)` is too slow.
    package init(_ value: some BinaryInteger, radix: Int = 10, zeroPaddedTo width: Int) {
        let digits = String(value, radix: radix)
        self = String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    }
}
