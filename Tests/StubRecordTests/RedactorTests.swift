import Foundation
import StubServer
@testable import StubRecord
import Testing
import StubFormats
import BuiltInBank

/// Every kind in the banking preset is replaced by a valid-looking, consistent fake, and what
/// comes out passes the same scanner `redact --check` uses.
@Suite struct RedactorTests {
    private let realIBAN = "GB82WEST12345698765432"
    private let realCard = "5425233430109903"

    private func json(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    private func string(_ value: JSONValue, _ path: String...) -> String? {
        var current = value
        for key in path {
            guard case .object(let members) = current, let next = members[key] else { return nil }
            current = next
        }
        return current.text
    }

    @Test func secretHeadersAreReplacedKeepingTheScheme() {
        let redactor = Redactor()
        let headers = redactor.redact(headers: [("Authorization", "Bearer eyJhbGciOi.real.token"), ("Cookie", "sid=abc123"),
                                                ("Set-Cookie", "sid=abc123; HttpOnly"), ("Content-Type", "application/json")])
        #expect(headers[0].1.hasPrefix("Bearer redacted-"))
        #expect(!headers[0].1.contains("real"))
        #expect(headers[1].1.hasPrefix("redacted-"))
        #expect(headers[2].1.hasPrefix("redacted-"))
        #expect(headers[3].1 == "application/json")
        #expect(redactor.replaced == [.token: 3], "each secret header counts once, as the summary reports it")
    }

    @Test func tokenFieldsNamesAndAddressesGoByKey() throws {
        let redactor = Redactor()
        let body = try json("""
            {"access_token":"a1b2c3d4e5","refresh_token":"r9r8r7","firstName":"Margaret","lastName":"Hopper",
             "holderName":"Margaret Hopper","address":{"line1":"12 Real Road","postcode":"SW1A 1AA"},"currency":"EUR"}
            """)
        let out = redactor.redact(json: body)
        #expect(string(out, "access_token")?.hasPrefix("redacted-") == true)
        #expect(string(out, "refresh_token")?.hasPrefix("redacted-") == true)
        #expect(string(out, "firstName") != "Margaret")
        #expect(string(out, "lastName") != "Hopper")
        #expect(string(out, "holderName")?.split(separator: " ").count == 2, "a full name stays a full name")
        #expect(string(out, "address", "line1")?.hasSuffix("Example Street") == true)
        #expect(string(out, "address", "postcode") != "SW1A 1AA")
        #expect(string(out, "currency") == "EUR", "nothing else changes")
        #expect(redactor.replaced[.name] == 3 && redactor.replaced[.address] == 2 && redactor.replaced[.token] == 2)
    }

    /// A fake full name draws its first and its last name apart, so a hundred customers get far
    /// more than sixteen different names (one per first name) and seldom share one.
    @Test func aFakeFullNameDrawsItsTwoPartsApart() throws {
        let redactor = Redactor()
        var names: Set<String> = []
        for index in 0..<100 {
            let out = redactor.redact(json: try json(#"{"holderName": "Customer\#(index) Realname"}"#))
            names.insert(try #require(string(out, "holderName")))
        }
        #expect(names.count > 40, "\(names.count) names: \(names.sorted())")
    }

    @Test func ibanFakesAreValidSameCountryAndConsistentAcrossFiles() throws {
        let redactor = Redactor()
        let first = redactor.redact(json: try json(#"{"iban":"\#(realIBAN)"}"#))
        let second = redactor.redact(json: try json(#"{"payee":{"account":"\#(realIBAN)"}}"#))
        let fake = try #require(string(first, "iban"))
        #expect(fake != realIBAN)
        #expect(IBAN.isValid(fake), "the checksum holds: \(fake)")
        #expect(fake.hasPrefix("GB") && fake.count == realIBAN.count)
        #expect(Array(fake)[4..<8] == ["X", "X", "X", "X"], "letters stay letters, and the marker shows it is fake")
        #expect(string(second, "payee", "account") == fake, "the same IBAN gets the same fake everywhere")
        // In free text and in a grouped form too.
        #expect(redactor.redact(text: "Pay GB82 WEST 1234 5698 7654 32 today").contains(fake))
    }

    /// Exactly the first four characters of the BBAN become the marker (`XXXX` or `0000`); the
    /// rest is drawn from the real value, keeping letters letters and digits digits.
    @Test func onlyTheFirstFourBBANCharactersAreTheMarker() {
        let fakes = FakeValues(salt: "s")
        var fifth: Set<Character> = []
        for number in 0..<40 {
            let real = "DE00" + "12345678" + String(format: "%010d", number * 7919)
            let fake = Array(fakes.iban(real))
            #expect(fake.count == real.count && String(fake[4..<8]) == "0000", "\(String(fake))")
            let digits = fake[8...].allSatisfy { $0.isNumber }
            #expect(digits, "\(String(fake))")
            fifth.insert(fake[8])
        }
        #expect(fifth.count > 3, "the fifth BBAN character is drawn, not a marker: \(fifth)")
        let letters = Array(fakes.iban("GB82WESTABCD12345678"))
        let drawnLetters = letters[8..<12].allSatisfy { $0.isLetter && $0.isUppercase }
        #expect(String(letters[4..<8]) == "XXXX" && drawnLetters, "\(String(letters))")
    }

    /// ISO 13616's check digits are always two, also when they are below 10 or exactly 10 (one
    /// BBAN in 97 each), and the IBAN they make passes its mod-97 check, read here on its own.
    @Test func ibanCheckDigitsAreTwoAndTheIBANPassesMod97() {
        func passesMod97(_ iban: String) -> Bool {
            let moved = iban.dropFirst(4) + iban.prefix(4)
            var remainder = 0
            for character in moved {
                let value = character.isNumber ? character.wholeNumberValue! : Int(character.asciiValue!) - 55
                for digit in String(value) { remainder = (remainder * 10 + digit.wholeNumberValue!) % 97 }
            }
            return remainder == 1
        }
        #expect(FakeValues.ibanCheckDigits(country: "GB", bban: "WEST12345698765432") == "82", "ISO 13616's own example")
        var seen = Set<String>()
        for number in 0..<600 {
            let bban = "BUKB" + String(format: "%014d", number * 7_919)
            let check = FakeValues.ibanCheckDigits(country: "GB", bban: bban)
            seen.insert(check)
            #expect(check.count == 2 && passesMod97("GB" + check + bban), "GB\(check)\(bban)")
        }
        #expect(seen.contains("10") && seen.contains { $0.hasPrefix("0") }, "the draws reach 10 and a single digit")
    }

    /// An e-mail address is one address in any case (its domain is case-blind, and banks
    /// lower-case the rest), so `Grace@Navy.mil` and `grace@navy.mil` get one fake.
    @Test func anEmailAddressInAnyCaseGetsOneFake() {
        let fakes = FakeValues(salt: "s")
        #expect(fakes.email("Grace@Navy.MIL") == fakes.email("grace@navy.mil"))
        #expect(fakes.email("grace@navy.mil") != fakes.email("grace2@navy.mil"))
        let text = Redactor().redact(text: "to Grace@Navy.mil, cc grace@navy.mil")
        let found = text.matches(of: /user\.[0-9a-f]+@example\.com/).map { String($0.output) }
        #expect(found.count == 2 && found[0] == found[1], "\(text)")
    }

    /// A phone number's fake is in Ofcom's drama range for mobiles, 07700 900000 to 900999:
    /// three digits after `900`, never a number someone could own; the same number gets the same fake.
    @Test func aPhoneNumbersFakeIsInTheDramaRange() {
        let fakes = FakeValues(salt: "s")
        for real in ["+44 7911 123456", "07911123456", "+1 (415) 555-2671"] {
            let fake = fakes.phone(real)
            #expect(fake.wholeMatch(of: /\+44 7700 900\d{3}/) != nil, "\(real) → \(fake)")
            #expect(fake == fakes.phone(real))
        }
    }

    @Test func cardFakesAreLuhnValidAndKeepTheirLength() {
        let redactor = Redactor()
        let text = redactor.redact(text: "card \(realCard) and 5425-2334-3010-9903")
        let fakes = text.matches(of: /400000[0-9]+/).map { String($0.output) }
        #expect(fakes.count == 2)
        #expect(fakes.allSatisfy { $0.count == 16 && Luhn.isValid($0.compactMap(\.wholeNumberValue)) })
        #expect(fakes[0] == fakes[1], "the same card with and without separators is one card")
        #expect(!text.contains("5425"))
    }

    /// Luhn's check (ISO/IEC 7812) on numbers worked out by hand, not by this code: every second
    /// digit from the right is doubled. One digit changed fails.
    @Test(arguments: ["79927398713", "4539148803436467", "349876543210127", "4222333344444", "6011987654321019", "5425233430109903"])
    func luhnAcceptsCheckedNumbersAndNotOneDigitOff(number: String) {
        let digits = number.compactMap(\.wholeNumberValue)
        #expect(Luhn.isValid(digits))
        #expect(Luhn.checkDigit(for: Array(digits.dropLast())) == digits.last)
        var wrong = digits
        wrong[wrong.count - 1] = (wrong[wrong.count - 1] + 1) % 10
        #expect(!Luhn.isValid(wrong))
        var swapped = digits
        swapped[0] = (swapped[0] + 5) % 10
        #expect(!Luhn.isValid(swapped), "a wrong first digit fails too")
    }

    /// Card numbers are 13 to 19 digits: a 15-digit Amex and a 13-digit Visa are cards too.
    @Test(arguments: ["349876543210127", "3498 765432 10127", "4222333344444", "6011987654321019"])
    func cardsOfEveryLengthAreFound(card: String) {
        let redactor = Redactor()
        let text = redactor.redact(text: "paid with \(card) today")
        #expect(!text.contains(card), "\(text)")
        #expect(redactor.replaced[.card] == 1)
    }

    /// Every key that names an e-mail address (`email`, `emailAddress`, `contact_email`) is one,
    /// so its value is replaced even on a reserved domain.
    @Test(arguments: ["email", "emailAddress", "contact_email", "EMAIL", "workEmail"])
    func everyEmailKeyIsAnEmailKey(key: String) {
        let redactor = Redactor()
        let out = redactor.redact(json: .object([key: .string("grace@example.com")]))
        guard case .object(let members) = out, let value = members[key]?.text else {
            Issue.record("no \(key) in \(out)")
            return
        }
        #expect(value != "grace@example.com" && value.hasSuffix("@example.com"), "\(key): \(value)")
    }

    /// `access_token`, `access-token`, `accessToken` and `ACCESS_TOKEN` are one key.
    @Test(arguments: ["access_token", "access-token", "accessToken", "ACCESS_TOKEN", "client-secret", "api_key", "Api-Key"])
    func aTokenKeyIsOneKeyInEverySpelling(key: String) {
        let redactor = Redactor()
        let out = redactor.redact(json: .object([key: .string("s3cr3t-value-123")]))
        guard case .object(let members) = out else { return }
        #expect(members[key]?.text?.hasPrefix("redacted-") == true, "\(key): \(String(describing: members[key]))")
    }

    /// Every key the banking preset reads as a person's name, in an app's spelling.
    @Test(arguments: ["name", "firstName", "last_name", "fullName", "middleName", "givenName", "family_name", "surname",
                      "holderName", "cardholderName", "accountHolder", "account_holder_name", "beneficiaryName", "payeeName",
                      "displayName", "owner", "accountOwner", "holder", "customerName", "nameOnCard", "name_on_account"])
    func everyNameKeyIsFaked(key: String) {
        let redactor = Redactor()
        let out = redactor.redact(json: .object([key: .string("Margaret Hopper")]))
        guard case .object(let members) = out else { return }
        #expect(members[key]?.text != "Margaret Hopper", "\(key)")
        #expect(redactor.replaced[.name] == 1, "\(key)")
    }

    /// A fake name keeps the field's shape: a surname field gets one surname, a given-name field
    /// one given name, any other name field both.
    @Test(arguments: [("lastName", 1), ("last_name", 1), ("surname", 1), ("familyName", 1), ("family_name", 1),
                      ("firstName", 1), ("givenName", 1), ("name", 2), ("fullName", 2), ("holderName", 2),
                      ("LastName", 1), ("Surname", 1), ("FIRST_NAME", 1), ("GivenName", 1)])
    func aFakeNameKeepsTheFieldsShape(key: String, words: Int) throws {
        let out = Redactor().redact(json: .object([key: .string("Margaret Hopper")]))
        guard case .object(let members) = out, let fake = members[key]?.text else {
            Issue.record("\(key) was not redacted as text")
            return
        }
        #expect(fake != "Margaret Hopper" && fake.split(separator: " ").count == words, "\(key): \(fake)")
    }

    /// Every key the banking preset reads as part of a postal address.
    @Test(arguments: ["address", "line1", "line2", "line3", "addressLine1", "address_line_2", "street", "streetAddress",
                      "postcode", "postalCode", "zip", "zipCode"])
    func everyAddressKeyIsFaked(key: String) {
        let redactor = Redactor()
        let out = redactor.redact(json: .object([key: .string("12 Real Road")]))
        guard case .object(let members) = out else { return }
        #expect(members[key]?.text != "12 Real Road", "\(key)")
        #expect(redactor.replaced[.address] == 1, "\(key)")
    }

    /// Every token key of the preset, and look-alikes that are not secrets.
    @Test func everyTokenKeyIsFakedAndLookAlikesAreKept() {
        let redactor = Redactor()
        let keys = ["accessToken", "refresh_token", "id_token", "token", "password", "secret", "clientSecret", "apiKey"]
        let out = redactor.redact(json: .object(Dictionary(uniqueKeysWithValues: (keys + ["tokenType", "currency"]).map { ($0, JSONValue.string("Kept-Or-Not-42")) })))
        guard case .object(let members) = out else { return }
        for key in keys { #expect(members[key]?.text?.hasPrefix("redacted-") == true, "\(key)") }
        #expect(members["tokenType"]?.text == "Kept-Or-Not-42" && members["currency"]?.text == "Kept-Or-Not-42")
    }

    /// Every credential header is faked, whatever its case; the schemes of both authorizations stay.
    @Test func everyCredentialHeaderIsFaked() {
        let redactor = Redactor()
        let headers = redactor.redact(headers: [("proxy-authorization", "Basic dXNlcjpwYXNz"), ("X-API-KEY", "live_key_123"),
                                                ("x-stub-admin-token", "admin-secret"), ("COOKIE", "sid=1")])
        #expect(headers[0].1.hasPrefix("Basic redacted-"), "\(headers[0].1)")
        for (name, value) in headers.dropFirst() { #expect(value.hasPrefix("redacted-"), "\(name): \(value)") }
    }

    /// Names of three letters (Ann, Lee, Kim) are names: an address built from them is faked once
    /// the name has been seen; two letters are too common to be one.
    @Test func threeLetterNamePartsAreLearned() throws {
        let redactor = Redactor()
        redactor.learnNames(in: try json(#"{"holderName": "Ann Lee", "firstName": "Jo"}"#))
        let note = "Statement sent to ann.lee@example.com and jo.team@example.com"
        let out = redactor.redact(text: note)
        #expect(!out.contains("ann.lee@"), "\(out)")
        #expect(out.contains("jo.team@example.com"), "\(out)")
    }

    @Test func emailsAndPhonesAnywhereInText() {
        let redactor = Redactor()
        let text = redactor.redact(text: "Write to grace.hopper@navy.mil or call +1 202 555 0199 / +44 20 7946 0018")
        #expect(text.contains("@example.com"))
        #expect(!text.contains("navy.mil"))
        #expect(text.matches(of: /\+44 7700 900[0-9]{3}/).count == 2)
        #expect(redactor.replaced[.email] == 1 && redactor.replaced[.phone] == 2)
    }

    @Test func anAddressThatNamesThePersonIsFakedEvenOnAReservedDomain() throws {
        let redactor = Redactor()
        let profile = try json(#"{"email": "alex.morgan@example.com", "lastName": "Morgan", "contact": "write to ops@example.com"}"#)
        // Under an e-mail key, a reserved domain is no excuse.
        let byKey = string(redactor.redact(json: profile), "email") ?? ""
        #expect(byKey.hasPrefix("user.") && byKey.hasSuffix("@example.com"), "\(byKey)")
        #expect(redactor.redact(json: .object(["email": .string(byKey)])) == .object(["email": .string(byKey)]), "a fake stays as it is")
        // In free text, only once the name is known: a role address on a reserved domain stays.
        let note = "Statement sent to alex.morgan@example.com and ops@example.com"
        #expect(redactor.redact(text: note) == note)
        redactor.learnNames(in: profile)
        let redacted = redactor.redact(text: note)
        #expect(!redacted.contains("morgan") && redacted.contains("ops@example.com"), "\(redacted)")
    }

    @Test func theSameSaltGivesTheSameFakesAndAnotherSaltOthers() throws {
        var salted = RedactionRules()
        salted.salt = "team-a"
        var other = RedactionRules()
        other.salt = "team-b"
        let a1 = Redactor(rules: salted).redact(text: realIBAN)
        let a2 = Redactor(rules: salted).redact(text: realIBAN)
        let b = Redactor(rules: other).redact(text: realIBAN)
        #expect(a1 == a2)
        #expect(a1 != b)
    }

    /// `yaml` loaded as a rules file (`stubbank-redact.yaml`), written to a scratch folder.
    private func rules(_ yaml: String) throws -> RedactionRules {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("rules.yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        return try RedactionRules.load(file)
    }

    @Test func extraRulesByPathHeaderAndRegex() throws {
        let redactor = Redactor(rules: try rules("""
            salt: s
            rules:
              - path: $.data[0].nickname
                kind: name
              - header: X-Customer-Id
                kind: token
              - regex: 'CUST-[0-9]{6}'
                kind: token
            """))
        let out = redactor.redact(json: try json(#"{"data":[{"nickname":"Maggie","note":"ref CUST-123456"}]}"#))
        guard case .object(let top) = out, case .array(let items) = top["data"], let item = items.first else {
            Issue.record("shape changed: \(out)")
            return
        }
        #expect(string(item, "nickname") != "Maggie")
        #expect(string(item, "note")?.hasPrefix("ref redacted-") == true)
        #expect(redactor.redact(headers: [("X-Customer-Id", "c-991")])[0].1.hasPrefix("redacted-"))
    }

    @Test func aBadRulesFileIsRefusedWithLineAndReason() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-rules-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        try """
            rules:
              - path: data.nickname
                kind: name
              - header: X-A
                kind: secretish
              - regex: '('
                kind: token
            colour: blue
            """.write(to: file, atomically: true, encoding: .utf8)
        #expect {
            try RedactionRules.load(file)
        } throws: { error in
            let text = "\(error)"
            return text.contains(":2: a path starts with $") && text.contains(":5: kind must be one of")
                && text.contains(":6: regex does not compile") && text.contains(":8: unknown key \"colour\"")
        }
        // A salt keys every fake: an empty one is refused rather than taken.
        try "rules: []\nsalt: ''\n".write(to: file, atomically: true, encoding: .utf8)
        #expect {
            try RedactionRules.load(file)
        } throws: { error in
            "\(error)".contains(":2: salt must be a non-empty string")
        }
        // An empty regex would match everywhere (and an empty header name nothing): both refused.
        try """
            rules:
              - regex: ''
                kind: token
              - header: ''
                kind: token
            """.write(to: file, atomically: true, encoding: .utf8)
        #expect {
            try RedactionRules.load(file)
        } throws: { error in
            let text = "\(error)"
            return text.contains(":2: regex must be a non-empty string") && text.contains(":4: header must be a non-empty string")
        }
        // A rule names one thing to redact, and `allow` holds plain values: neither is guessed at.
        try """
            rules:
              - path: $.data.nickname
                header: X-Nickname
                kind: name
            allow:
              - keep-me
              - { value: also-me }
            """.write(to: file, atomically: true, encoding: .utf8)
        #expect {
            try RedactionRules.load(file)
        } throws: { error in
            let text = "\(error)"
            return text.contains(":3: a rule has one of path, header or regex") && text.contains(":7: allow holds plain values")
        }
    }

    @Test func redactedOutputPassesTheCheck() throws {
        let redactor = Redactor()
        let text = redactor.redact(text: "\(realIBAN) \(realCard) grace@navy.mil +44 20 7946 0018 Bearer abcdefghijklmnopqrstu")
        #expect(PIIScanner().scan(text).isEmpty, "\(text)")
        #expect(PIIScanner().scan(realIBAN + " " + realCard).map(\.kind) == [.iban, .card])
    }
    /// Card numbers run from 13 to 19 digits (ISO/IEC 7812): a 19-digit Maestro or UnionPay
    /// number with a good check digit is a card as much as a 16-digit one, and one digit more
    /// (20) is no card.
    @Test func cardsOfThirteenToNineteenDigitsAreReported() {
        let scanner = PIIScanner()
        for card in ["6273940182736451929", "6273 9401 8273 6451 929", "5019717010103742", "4222222222222"] {
            #expect(scanner.scan("card \(card) on file").map(\.kind) == [.card], "\(card)")
        }
        #expect(scanner.scan("ref 62739401827364519290").filter { $0.kind == .card }.isEmpty, "20 digits is no card")
    }

    /// An international number of 8 to 15 digits (E.164's longest) is a phone number; 16 is not.
    @Test func phoneNumbersUpToFifteenDigitsAreReported() {
        let scanner = PIIScanner()
        #expect(scanner.scan("call +86 138 0013 800000 today").map(\.value) == ["+86 138 0013 800000"], "15 digits")
        #expect(scanner.scan("call +49 30 1234 56 today").map(\.kind) == [.phone], "8 digits")
        #expect(scanner.scan("call +86 138 0013 8000000 today").filter { $0.kind == .phone }.isEmpty, "16 digits is no phone")
    }

    /// A value two shapes find (a JWT sent as a bearer token) is reported once, as the first shape.
    @Test func aValueTwoShapesFindIsReportedOnce() {
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
        let found = PIIScanner().scan("Authorization: Bearer \(jwt)")
        #expect(found.map(\.value) == [jwt])
        #expect(found.map(\.kind) == [.token])
    }

    /// A value on the allow list is left however the recording spaces it: an IBAN is listed once,
    /// compact, and is still left where a statement prints it in groups of four.
    @Test func anAllowedIBANIsLeftWrittenInGroups() {
        let scanner = PIIScanner(allowed: ["GB82WEST12345698765432"])
        #expect(scanner.scan("pay GB82 WEST 1234 5698 7654 32 today").isEmpty)
        #expect(scanner.scan("pay GB82WEST12345698765432 today").isEmpty)
        #expect(scanner.scan("pay GB29 NWBK 6016 1331 9268 19 today").map(\.kind) == [.iban], "an IBAN not listed is still reported")
    }

    /// A rule's path names any array index (`[0]`, `[12]`) for every item: the file's `$.accounts[12].nickname`
    /// reaches the nickname of each account, whatever index was written.
    @Test func aRulesPathWithAnyIndexReachesEveryItem() throws {
        let redactor = Redactor(rules: try rules("""
            rules:
              - path: $.accounts[12].nickname
                kind: name
              - path: $.accounts[3].owner.alias
                kind: name
            """))
        let out = redactor.redact(json: try json(#"{"accounts":[{"nickname":"Maggie","owner":{"alias":"Mags"}},{"nickname":"Rainy day"}]}"#))
        guard case .object(let top) = out, case .array(let items) = top["accounts"], items.count == 2,
              case .object(let first) = items[0], let owner = first["owner"] else {
            Issue.record("shape changed: \(out)")
            return
        }
        #expect(string(items[0], "nickname") != "Maggie")
        #expect(string(items[1], "nickname") != "Rainy day")
        #expect(string(owner, "alias") != "Mags")
    }

    /// What the scanner leaves as plainly synthetic, one of each documented kind, beside a value
    /// just outside it that it reports: RFC 2606's domains and suffixes, Ofcom's drama range and
    /// the US 555-01xx numbers, the payment networks' test cards, IBANs marked XXXX or 0000.
    @Test func everySyntheticKindIsLeftAndItsNeighbourReported() {
        let scanner = PIIScanner()
        let synthetic: [(PIIKind, String)] = [
            (.email, "ann@example.com"), (.email, "ann@mail.example.org"), (.email, "ann@example.net"), (.email, "ann@bank.example"),
            (.email, "ann@app.test"), (.email, "ann@x.invalid"), (.email, "ann@dev.localhost"),
            (.phone, "+44 7700 900123"), (.phone, "+1 555 0100"), (.card, "4111 1111 1111 1111"), (.card, "4242424242424242"),
            (.card, "5555555555554444"), (.card, "378282246310005"), (.card, "6011111111111117"), (.card, "4000001234567899"),
            (.iban, "GB00XXXX12345678901234"), (.iban, "DE000000123456789"),
        ]
        for (kind, value) in synthetic { #expect(scanner.isSynthetic(kind, value), "\(kind): \(value)") }
        let real: [(PIIKind, String)] = [
            (.email, "ann@example.co"), (.email, "ann@myexample.com"), (.email, "ann@tester.io"), (.phone, "+44 7700 901123"),
            (.phone, "+1 555 0200"), (.card, "4111111111111112"), (.card, "4000011234567899"), (.iban, "GB29NWBK60161331926819"),
        ]
        for (kind, value) in real { #expect(!scanner.isSynthetic(kind, value), "\(kind): \(value)") }
    }

    /// A value on the allow list is kept wherever it stands: under a name or token key, which are
    /// otherwise faked whatever they hold, as in free text.
    @Test func anAllowedValueIsKeptUnderAnyKey() {
        var rules = RedactionRules()
        rules.allow = ["Jane Doe", "sandbox-token-1", "GB82WEST12345698765432"]
        let redactor = Redactor(rules: rules)
        let kept = redactor.redact(json: .object(["name": .string("Jane Doe"), "accessToken": .string("sandbox-token-1")]))
        #expect(kept == .object(["name": .string("Jane Doe"), "accessToken": .string("sandbox-token-1")]), "\(kept)")
        // The same keys with values not on the list are faked: the test is not blind.
        let faked = redactor.redact(json: .object(["name": .string("John Smith"), "accessToken": .string("sandbox-token-2")]))
        guard case .object(let fields) = faked else { Issue.record("\(faked)"); return }
        #expect(fields["name"] != .string("John Smith") && fields["accessToken"] != .string("sandbox-token-2"), "\(faked)")
        // In free text, the scanner honours the same list.
        let memo = redactor.redact(json: .object(["memo": .string("refund to GB82 WEST 1234 5698 7654 32")]))
        #expect(memo == .object(["memo": .string("refund to GB82 WEST 1234 5698 7654 32")]), "\(memo)")
        let other = redactor.redact(json: .object(["memo": .string("refund to GB29 NWBK 6016 1331 9268 19")]))
        #expect(other != .object(["memo": .string("refund to GB29 NWBK 6016 1331 9268 19")]), "\(other)")
    }
}

