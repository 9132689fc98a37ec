import Foundation

/// Made-up values of a kind, for `{{#fake}}KIND{{/fake}}` in route-file templates and for
/// redaction's replacements: obviously not real, and valid where a format checks (an IBAN's
/// check digits, an e-mail's shape).
package enum FakeData {
    package static let firstNames = ["Ada", "Bo", "Cai", "Dee", "Eli", "Fen", "Gus", "Hal", "Ivo", "Jun", "Kit", "Lou", "Mo", "Ned", "Oz", "Pia"]
    package static let lastNames = ["Example", "Sample", "Testwell", "Mockford", "Stubbs", "Placeholder", "Fakeley", "Dummer"]
    static let cities = ["Exampleton", "Sampleford", "Stubchester", "Mockbury", "Testwick", "Fakesby"]
    static let countries = [("United Kingdom", "GB"), ("Germany", "DE"), ("France", "FR"), ("Netherlands", "NL"), ("Spain", "ES"),
                            ("Ireland", "IE")]
    static let streets = ["Example Street", "Sample Road", "Stub Lane", "Mock Avenue", "Test Close"]
    static let companies = ["Example Ltd", "Sample GmbH", "Stub & Sons", "Mockford Holdings", "Testwell plc"]
    static let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]

    /// Every kind, by name: what `{{#fake}}…{{/fake}}` takes.
    package static let kinds: [String: @Sendable (inout SeededGenerator) -> String] = [
        "firstName": { pick(firstNames, &$0) },
        "lastName": { pick(lastNames, &$0) },
        "name": { "\(pick(firstNames, &$0)) \(pick(lastNames, &$0))" },
        "username": { "\(pick(firstNames, &$0).lowercased())\(Int.random(in: 1...999, using: &$0))" },
        "email": { "\(pick(firstNames, &$0).lowercased()).\(pick(lastNames, &$0).lowercased())@example.com" },
        "phone": { "+44 7700 900\(String(format: "%03d", Int.random(in: 0...999, using: &$0)))" },
        "country": { pick(countries, &$0).0 },
        "countryCode": { pick(countries, &$0).1 },
        "city": { pick(cities, &$0) },
        "street": { pick(streets, &$0) },
        "streetAddress": { "\(Int.random(in: 1...199, using: &$0)) \(pick(streets, &$0))" },
        "postcode": { "EX\(Int.random(in: 1...9, using: &$0)) \(Int.random(in: 1...9, using: &$0))AA" },
        "company": { pick(companies, &$0) },
        "iban": { iban(&$0) },
        "bic": { "EXMP\(pick(countries, &$0).1)2L" },
        "word": { pick(words, &$0) },
    ]

    private static func pick<T>(_ list: [T], _ generator: inout SeededGenerator) -> T {
        list[Int.random(in: 0..<list.count, using: &generator)]
    }

    /// A German-format IBAN (DE, 18 digits) with correct check digits.
    private static func iban(_ generator: inout SeededGenerator) -> String {
        let account = (0..<18).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
        // ISO 13616: the account, then "DE" as 1314 and "00", mod 97.
        let remainder = (account + "131400").reduce(0) { ($0 * 10 + Int(String($1))!) % 97 }
        return "DE" + String(format: "%02d", 98 - remainder) + account
    }
}
