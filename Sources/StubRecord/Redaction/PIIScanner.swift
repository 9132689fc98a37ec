import StubServer
import BuiltInBank

/// Finds personal data and secrets in text by shape and check digit: IBANs (mod 97), card
/// numbers (Luhn, first digit 2 to 6), e-mail addresses, international phone numbers, JWTs and
/// bearer tokens. Names and addresses have no shape; `Redactor` finds those by key.
///
/// Values that are plainly synthetic are not reported: the fakes `FakeValues` makes, reserved
/// e-mail domains (RFC 2606), Ofcom's drama phone range, well-known test card numbers, and
/// anything listed under `allow:` in the rules.
struct PIIScanner: Sendable {
    struct Finding: Sendable, Equatable {
        var kind: PIIKind
        var range: Range<String.Index>
        var value: String
    }

    let allowed: Set<String>

    init(allowed: Set<String> = []) {
        self.allowed = allowed
    }

    nonisolated(unsafe) private static let iban = /\b[A-Z]{2}[0-9]{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,3})?\b/
    nonisolated(unsafe) private static let card = /\b[2-6][0-9](?:[ -]?[0-9]){11,17}\b/
    nonisolated(unsafe) private static let email = /[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}/
    nonisolated(unsafe) private static let phone = /\+[1-9][0-9]{0,3}[ \-]?(?:\(?[0-9]{1,5}\)?[ \-]?){1,5}[0-9]{2,}/
    nonisolated(unsafe) private static let jwt = /eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}/
    nonisolated(unsafe) private static let bearer = /(?i:bearer)\s+([A-Za-z0-9._~+\/\-]{16,}=*)/

    /// Every finding in `text`, in order, not overlapping. An e-mail address on a reserved
    /// domain is still reported when its local part holds one of `names` (lowercased parts of
    /// names redacted elsewhere): `alex.morgan@example.com` would keep the surname a fake replaced.
    func scan(_ text: String, names: Set<String> = []) -> [Finding] {
        var found: [Finding] = []
        func add(_ kind: PIIKind, _ range: Range<String.Index>) {
            guard !found.contains(where: { $0.range.overlaps(range) }) else { return }
            let value = String(text[range])
            guard !isSynthetic(kind, value) || (kind == .email && Self.localPart(value, holdsOneOf: names)) else { return }
            found.append(Finding(kind: kind, range: range, value: value))
        }
        for match in text.matches(of: Self.jwt) { add(.token, match.range) }
        for match in text.matches(of: Self.bearer) { add(.token, match.output.1.startIndex..<match.output.1.endIndex) }
        for match in text.matches(of: Self.email) { add(.email, match.range) }
        for match in text.matches(of: Self.iban) where IBAN.isValid(String(match.output)) { add(.iban, match.range) }
        for match in text.matches(of: Self.card) {
            let digits = match.output.compactMap(\.wholeNumberValue)
            if (13...19).contains(digits.count), Luhn.isValid(digits) { add(.card, match.range) }
        }
        for match in text.matches(of: Self.phone) {
            let digits = match.output.filter(\.isNumber).count
            if (8...15).contains(digits) { add(.phone, match.range) }
        }
        return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// Whether the part of `address` before `@` contains one of `names`.
    static func localPart(_ address: String, holdsOneOf names: Set<String>) -> Bool {
        guard !names.isEmpty, let local = address.split(separator: "@").first?.lowercased() else { return false }
        return local.split(whereSeparator: { !$0.isLetter }).contains { names.contains(String($0)) }
    }

    private static let testCards: Set<String> = ["4111111111111111", "4242424242424242", "5555555555554444", "4000056655665556",
                                                 "5105105105105100", "378282246310005", "371449635398431", "6011111111111117"]
    private static let reservedDomains = ["example.com", "example.org", "example.net"]
    private static let reservedSuffixes = [".example", ".test", ".invalid", ".localhost"]

    /// Whether `value` is a fake, a documented test value or on the allow list.
    func isSynthetic(_ kind: PIIKind, _ value: String) -> Bool {
        if allowed.contains(value) { return true }
        switch kind {
        case .iban:
            let compact = IBAN.normalised(value)
            if allowed.contains(compact) { return true }
            let marker = compact.dropFirst(4).prefix(4)
            return marker == "XXXX" || marker == "0000"
        case .card:
            let digits = value.filter(\.isNumber)
            return digits.hasPrefix("400000") || Self.testCards.contains(digits) || allowed.contains(digits)
        case .email:
            let domain = value.split(separator: "@").last.map { $0.lowercased() } ?? ""
            return Self.reservedDomains.contains { domain == $0 || domain.hasSuffix("." + $0) }
                || Self.reservedSuffixes.contains { domain.hasSuffix($0) }
        case .phone:
            let digits = value.filter(\.isNumber)
            return digits.hasPrefix("447700900") || digits.hasPrefix("1555010") || allowed.contains(digits)
        case .token:
            return value.hasPrefix("redacted-")
        case .name, .address:
            return false
        }
    }
}
