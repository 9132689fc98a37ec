extension Character {
    /// `0` to `9` only (`isNumber` also takes other scripts' digits and fractions).
    package var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
