/// What a piece of personal data or a secret is, for redaction rules and `redact --check`.
public enum PIIKind: String, Sendable, CaseIterable, Codable {
    /// Bearer and refresh tokens, cookies, API keys, passwords.
    case token
    /// An IBAN, found by its ISO 13616 checksum.
    case iban
    /// A card number, found by its Luhn check digit.
    case card
    /// An e-mail address.
    case email
    /// A phone number in international form.
    case phone
    /// A person's name, found by its key (`name`, `firstName`, `holderName`, ...).
    case name
    /// A postal address, found by its key (`address`, `line1`, `postcode`, ...).
    case address
}
