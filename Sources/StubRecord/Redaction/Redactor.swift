import Foundation
import NIOConcurrencyHelpers
import StubServer
public import StubFormats
import StubEngine
import BuiltInBank

/// Replaces personal data and secrets in what `record` captures, before anything is written:
/// headers, JSON bodies, text bodies and URL paths.
///
/// The banking preset is always on:
/// - the `Authorization`, `Cookie`, `Set-Cookie` and `Proxy-Authorization` headers;
/// - token fields (`access_token`, `refresh_token`, `id_token`, `password`, `client_secret`, ...);
/// - IBANs, card numbers, e-mail addresses and phone numbers anywhere in a string (`PIIScanner`);
/// - names and addresses in known keys (`name`, `firstName`, `holderName`, `owner`, `address`, `line1`, ...);
/// - every value under an e-mail key (`email`, `emailAddress`), even on a reserved domain, and
///   any address whose local part holds a name redacted elsewhere (`learnNames`).
///
/// `RedactionRules` adds JSON paths, header names and patterns. Every replacement comes from
/// `FakeValues`: the same real value always gets the same fake for the same salt.
public final class Redactor: Sendable {
    private let rules: RedactionRules
    private let fakes: FakeValues
    private let scanner: PIIScanner
    private let tally = NIOLockedValueBox([PIIKind: Int]())

    /// Lower case, without `_` or `-`.
    static let tokenKeys: Set<String> = ["accesstoken", "refreshtoken", "idtoken", "token", "password", "secret", "clientsecret", "apikey"]
    static let nameKeys: Set<String> = ["name", "firstname", "lastname", "fullname", "middlename", "givenname", "familyname",
                                        "surname", "holdername", "cardholdername", "accountholder", "accountholdername",
                                        "beneficiaryname", "payeename", "displayname", "owner", "accountowner", "holder",
                                        "customername", "nameoncard", "nameonaccount"]
    static let addressKeys: Set<String> = ["address", "line1", "line2", "line3", "addressline1", "addressline2", "street",
                                           "streetaddress", "postcode", "postalcode", "zip", "zipcode"]

    private let enabled: Bool
    /// Lowercased parts (three letters or more) of the names found under name keys.
    private let names = NIOLockedValueBox(Set<String>())

    /// A redactor with the banking preset and `rules` on top.
    public convenience init(rules: RedactionRules = RedactionRules()) {
        self.init(rules: rules, enabled: true)
    }

    private init(rules: RedactionRules, enabled: Bool) {
        self.rules = rules
        self.fakes = FakeValues(salt: rules.salt)
        self.scanner = PIIScanner(allowed: rules.allow)
        self.enabled = enabled
    }

    /// Changes nothing: `record --no-redact`.
    static let off = Redactor(rules: RedactionRules(), enabled: false)

    /// How many values of each kind were replaced so far.
    public var replaced: [PIIKind: Int] { tally.withLockedValue { $0 } }

    private func count(_ kind: PIIKind) { tally.withLockedValue { $0[kind, default: 0] += 1 } }

    /// Headers with secrets replaced; `Authorization: Bearer X` keeps its scheme.
    public func redact(headers: [(String, String)]) -> [(String, String)] {
        guard enabled else { return headers }
        return headers.map { name, value in
            let lower = name.lowercased()
            if let kind = rules.headers[lower] { count(kind); return (name, fake(kind, value, key: name)) }
            guard CredentialHeaders.names.contains(lower) else { return (name, redact(text: value)) }
            count(.token)
            if let space = value.firstIndex(of: " "), lower.hasSuffix("authorization") {
                return (name, String(value[..<space]) + " " + fakes.token(String(value[value.index(after: space)...])))
            }
            return (name, fakes.token(value))
        }
    }

    /// Notes the names under name keys in `value`, so an e-mail address built from one is faked
    /// wherever it appears, also when it was seen before the name (call this on every body first).
    public func learnNames(in value: JSONValue, key: String? = nil) {
        guard enabled else { return }
        switch value {
        case .object(let members):
            for (name, member) in members { learnNames(in: member, key: name) }
        case .array(let items):
            for item in items { learnNames(in: item, key: key) }
        case .string(let text) where Self.nameKeys.contains(Self.field(key)):
            let parts = text.lowercased().split(whereSeparator: { !$0.isLetter }).filter { $0.count >= 3 }.map(String.init)
            names.withLockedValue { $0.formUnion(parts) }
        default:
            break
        }
    }

    /// `access_token`, `access-token` and `accessToken` are one key.
    private static func field(_ key: String?) -> String {
        (key ?? "").lowercased().filter { $0 != "_" && $0 != "-" }
    }

    /// A JSON body with every finding replaced; `path` is where `value` sits (`$` at the top).
    public func redact(json value: JSONValue, path: String = "$", key: String? = nil) -> JSONValue {
        guard enabled else { return value }
        if let kind = rules.paths[path], let text = value.text {
            count(kind)
            return .string(fake(kind, text, key: key ?? ""))
        }
        switch value {
        case .object(let members):
            var out: [String: JSONValue] = [:]
            for (name, member) in members { out[name] = redact(json: member, path: path + "." + name, key: name) }
            return .object(out)
        case .array(let items):
            return .array(items.map { redact(json: $0, path: path + "[*]", key: key) })
        case .string(let text):
            if rules.allow.contains(text) { return value }
            let field = Self.field(key)
            if Self.tokenKeys.contains(field) {
                guard !scanner.isSynthetic(.token, text) else { return value }
                count(.token)
                return .string(fakes.token(text))
            }
            if Self.nameKeys.contains(field), !text.isEmpty {
                count(.name)
                return .string(fakes.name(text, key: key ?? ""))
            }
            if field.contains("email"), text.contains("@"), !FakeValues.isFakeEmail(text) {
                count(.email)
                return .string(fakes.email(text))
            }
            if Self.addressKeys.contains(field), !text.isEmpty {
                count(.address)
                return .string(fakes.address(text))
            }
            return .string(redact(text: text))
        default:
            return value
        }
    }

    /// Free text with every IBAN, card number, e-mail address, phone number, JWT and bearer
    /// token replaced, and every `rules` pattern.
    public func redact(text: String) -> String {
        guard enabled else { return text }
        var text = text
        for rule in rules.patterns {
            text = text.replacing(rule.regex) { match in
                count(rule.kind)
                return fake(rule.kind, String(text[match.range]), key: "")
            }
        }
        let findings = scanner.scan(text, names: names.withLockedValue { $0 })
        guard !findings.isEmpty else { return text }
        var out = ""
        var cursor = text.startIndex
        for finding in findings {
            out += text[cursor..<finding.range.lowerBound]
            count(finding.kind)
            out += fake(finding.kind, finding.value, key: "")
            cursor = finding.range.upperBound
        }
        return out + text[cursor...]
    }

    /// A URL path with each segment redacted as text (an IBAN in `/payees/DE89…` becomes a fake).
    public func redact(path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { redact(text: String($0)) }.joined(separator: "/")
    }

    private func fake(_ kind: PIIKind, _ value: String, key: String) -> String {
        switch kind {
        case .token: fakes.token(value)
        case .iban: fakes.iban(IBAN.normalised(value))
        case .card: fakes.card(value.filter(\.isNumber))
        case .email: fakes.email(value)
        case .phone: fakes.phone(value)
        case .name: fakes.name(value, key: key)
        case .address: fakes.address(value)
        }
    }
}
