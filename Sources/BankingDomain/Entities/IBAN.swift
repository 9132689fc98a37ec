/// An IBAN as the client handles it: spaces removed and letters upper-cased, so that what the
/// customer typed ("de89 3704 0044 0532 0130 00") and what the bank stores compare equal. The
/// client checks only the shape (15 to 34 letters and digits); the bank checks the checksum.
public struct IBAN: Sendable, Hashable, CustomStringConvertible {
    /// The compact form, e.g. `DE89370400440532013000`.
    public let compact: String

    /// The IBAN in `text`, however it was spaced or cased.
    public init(_ text: String) {
        compact = text.filter { !$0.isWhitespace }.uppercased()
    }

    /// Whether it has an IBAN's shape: 15 to 34 ASCII letters and digits.
    public var hasValidShape: Bool {
        (15...34).contains(compact.count) && compact.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    /// The compact form.
    public var description: String { compact }
}
