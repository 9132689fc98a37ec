import Foundation
import HTTPTypes
import Testing
@testable import StubEngine

@Suite struct TemplateTests {
    private let instant = Date(timeIntervalSince1970: 1_795_000_000) // 2026-11-18T11:06:40Z

    private func scope(path: [String: String] = [:], query: String? = nil, headers: [String: String] = [:],
                       body: String? = nil, counter: Int = 1, seed: UInt64 = 7) -> TemplateScope {
        var fields = HTTPFields()
        for (name, value) in headers { fields[HTTPField.Name(name)!] = value }
        let request = StubRequest(method: "POST", path: "/x", pathSegments: ["x"], query: QueryString.parse(query),
                                  headers: fields, body: Array((body ?? "").utf8), session: "s1", requestId: "req_1")
        let input = RouteInput(request: request, parameters: path)
        return TemplateScope(input: input, now: instant, counter: counter, random: TemplateRandom(seed: seed))
    }

    private func render(_ text: String, _ escaping: TemplateEscaping = .none, in scope: TemplateScope) throws -> String {
        try ResponseTemplate.compile(text, escaping: escaping).render(scope)
    }

    @Test func readsPathQueryHeadersAndBody() throws {
        let s = scope(path: ["id": "42"], query: "q=a+b&q=second", headers: ["Accept-Language": "en-GB"],
                      body: #"{"amount":{"value":"12.50"},"tags":["x","y"]}"#)
        #expect(try render("{{path.id}}|{{query.q}}|{{headers.accept-language}}|{{body.amount.value}}|{{#body.tags}}{{.}};{{/body.tags}}", in: s)
                == "42|a b|en-GB|12.50|x;y;")
        #expect(try render("{{session}} {{request.method}} {{request.path}} {{request.id}} #{{counter}}", in: s) == "s1 POST /x req_1 #1")
    }

    /// A number in the request body is rendered as JSON wrote it: `12` stays `12` (not `12.0`),
    /// `12.5` stays `12.5`, so an echoed amount or id reads as the app sent it.
    @Test func aBodyNumberRendersAsJSONWroteIt() throws {
        let s = scope(body: #"{"amount":12,"rate":12.5,"big":1234567890123,"list":[1,2.25]}"#)
        #expect(try render("{{body.amount}}|{{body.rate}}|{{body.big}}|{{#body.list}}{{.}};{{/body.list}}", in: s)
                == "12|12.5|1234567890123|1;2.25;")
        #expect(try render(#"{"echo":{{body.amount}}}"#, .json, in: s) == #"{"echo":12}"#)
    }

    @Test func nowUsesTheInjectedClockWithOffsetAndFormat() throws {
        let s = scope()
        #expect(try render("{{now}}", in: s) == "2026-11-18T11:06:40Z")
        #expect(try render("{{#now}}+1d date{{/now}}", in: s) == "2026-11-19")
        #expect(try render("{{#now}}-30m{{/now}}", in: s) == "2026-11-18T10:36:40Z")
        #expect(try render("{{#now}}+1d -2h epoch{{/now}}", in: s) == String(1_795_000_000 + 86_400 - 7_200))
        #expect(try render("{{#now}}dd/MM/yyyy HH:mm{{/now}}", in: s) == "18/11/2026 11:06")
        #expect(try render("{{#now}}iso{{/now}}", in: s) == "2026-11-18T11:06:40Z")
        #expect(try render("{{#now}}date{{/now}}", in: s) == "2026-11-18")
        #expect(try render("{{#now}}-12h date{{/now}}", in: s) == "2026-11-17", "the day moves with the offset")
        #expect(try render("{{#now}}epoch{{/now}}", in: s) == "1795000000")
        #expect(try render("{{#now}}epochMillis{{/now}}", in: s) == "1795000000000")
        #expect(try render("{{#now}}+1.5s epochMillis{{/now}}", in: s) == "1795000001500")
        #expect(try render("{{#now}}+45s yyyy-MM-dd'T'HH:mm:ss{{/now}}", in: s) == "2026-11-18T11:07:25")
        #expect(try render("{{#now}}EEE, dd MMM yyyy HH:mm:ss 'GMT'{{/now}}", in: s) == "Wed, 18 Nov 2026 11:06:40 GMT",
                "a pattern is formatted in UTC with English names, whatever the machine's locale")
    }

    @Test func uuidAndRandomAreSeededAndFresh() throws {
        let first = try render("{{uuid}} {{uuid}} {{#random}}1-6{{/random}}", in: scope(seed: 1))
        let again = try render("{{uuid}} {{uuid}} {{#random}}1-6{{/random}}", in: scope(seed: 1))
        let other = try render("{{uuid}} {{uuid}} {{#random}}1-6{{/random}}", in: scope(seed: 2))
        #expect(first == again)
        #expect(first != other)
        let parts = first.split(separator: " ")
        #expect(parts[0] != parts[1])
        #expect(UUID(uuidString: String(parts[0])) != nil)
        #expect(parts[0].dropFirst(14).first == "4")
        #expect((1...6).contains(Int(parts[2]) ?? 0))
    }

    /// Every kind `{{#fake}}` takes has its shape: names from the lists, a UK drama phone number
    /// (Ofcom's 07700 900xxx), an `EX` postcode, an `EXMP` BIC, and so on.
    @Test func everyFakeKindHasItsShape() throws {
        func one(of list: [String]) -> String { "(" + list.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|") + ")" }
        let first = one(of: FakeData.firstNames), last = one(of: FakeData.lastNames)
        let shapes: [String: String] = [
            "firstName": first, "lastName": last, "name": "\(first) \(last)", "username": "[a-z]+[0-9]{1,3}",
            "email": "[a-z]+\\.[a-z]+@example\\.com", "phone": "\\+44 7700 900[0-9]{3}",
            "country": "(United Kingdom|Germany|France|Netherlands|Spain|Ireland)", "countryCode": "(GB|DE|FR|NL|ES|IE)",
            "city": "[A-Z][a-z]+", "street": "[A-Z][a-z]+ (Street|Road|Lane|Avenue|Close)",
            "streetAddress": "[1-9][0-9]{0,2} [A-Z][a-z]+ (Street|Road|Lane|Avenue|Close)", "postcode": "EX[1-9] [1-9]AA",
            "company": "[A-Z][A-Za-z &]+ (Ltd|GmbH|Sons|Holdings|plc)", "iban": "DE[0-9]{20}", "bic": "EXMP(GB|DE|FR|NL|ES|IE)2L",
            "word": "(alpha|bravo|charlie|delta|echo|foxtrot|golf|hotel)",
        ]
        #expect(Set(shapes.keys) == Set(FakeData.kinds.keys))
        var generator = SeededGenerator(seed: 7)
        for (kind, shape) in shapes {
            let regex = try NSRegularExpression(pattern: "^" + shape + "$")
            var seen = Set<String>()
            let make = try #require(FakeData.kinds[kind])
            for _ in 0..<40 {
                let value = make(&generator)
                seen.insert(value)
                #expect(regex.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil, "\(kind): \(value)")
            }
            #expect(seen.count > 1, "\(kind) draws more than one value")
        }
    }

    /// A substituted value can never break the JSON document it lands in.
    @Test func fakeValuesAreSeededOfTheirKindAndCheckedAtLoad() throws {
        let text = "{{#fake}}firstName{{/fake}}|{{#fake}}email{{/fake}}|{{#fake}}iban{{/fake}}|{{#fake}}country{{/fake}}"
        let first = try render(text, in: scope(seed: 3))
        #expect(first == (try render(text, in: scope(seed: 3))), "the same seed draws the same values")
        let parts = first.split(separator: "|").map(String.init)
        #expect(FakeData.firstNames.contains(parts[0]))
        #expect(parts[1].hasSuffix("@example.com") && parts[1].contains("."))
        // The IBAN's check digits are right (ISO 13616: move DE and the digits to the end, mod 97 is 1).
        let iban = parts[2]
        let rearranged = String(iban.dropFirst(4)) + "1314" + String(iban.dropFirst(2).prefix(2))
        #expect(iban.count == 22 && rearranged.reduce(0) { ($0 * 10 + Int(String($1))!) % 97 } == 1, "\(iban)")
        #expect(TemplateTags.problems(in: "{{#fake}}firstname{{/fake}}", parameters: []).first?.contains("the kinds are") == true)
        #expect(TemplateTags.problems(in: "{{#fake}} city {{/fake}}", parameters: []).isEmpty)
    }

    @Test func valuesInJSONAreEscaped() throws {
        let hostile = "a\"b\\c\nd</script>\u{01}"
        let bodyJSON = String(decoding: try JSONSerialization.data(withJSONObject: ["name": #""}],"admin":true,"x":[{""#, "hostile": hostile]), as: UTF8.self)
        let s = scope(body: bodyJSON)
        // A .json body file: the text is a template with JSON escaping.
        let fileStyle = try render(#"{"header":"{{body.hostile}}","body":"{{body.name}}"}"#, .json, in: s)
        let decoded = try JSONSerialization.jsonObject(with: Data(fileStyle.utf8)) as? [String: String]
        #expect(decoded?["header"] == hostile)
        #expect(decoded?["body"] == #""}],"admin":true,"x":[{""#)
        // An inline YAML body: each string leaf is rendered, then encoded.
        let tree = TemplateJSON.object([("name", .string(try ResponseTemplate.compile("{{body.name}}", escaping: .none))),
                                        ("n", .number("1"))])
        let inline = ResponseTemplate.json(tree).render(s)
        let object = try JSONSerialization.jsonObject(with: Data(inline.utf8)) as? [String: Any]
        #expect(object?["name"] as? String == #""}],"admin":true,"x":[{""#)
        #expect(object?["admin"] == nil)
        // Plain text is not escaped at all (and never HTML-escaped).
        #expect(try render("<{{body.hostile}}>", in: s) == "<\(hostile)>")
    }

    /// Whatever a key or a value holds (quotes, backslashes, every control character, the line
    /// separators), the inline JSON body written from it reads back as the same text.
    @Test func everyCharacterSurvivesAnInlineJSONBody() throws {
        var texts = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
        texts += ["\u{2028}", "\u{2029}", "é", "€", "😀", #"a "quoted" \ path"#, "line\none\ttab"]
        for text in texts {
            var written = ""
            TemplateJSON.object([(key: text, value: .string(.literal(text)))]).write(to: &written, scope: nil)
            let read = try JSONDecoder().decode([String: String].self, from: Data(written.utf8))
            #expect(read == [text: text], "U+\(String(text.unicodeScalars.first!.value, radix: 16)) written as \(written)")
        }
    }

    @Test func tagsAreCheckedAtLoad() {
        #expect(TemplateTags.problems(in: "{{path.id}} {{query.x}} {{#body.items}}{{name}}{{/body.items}}", parameters: ["id"]).isEmpty)
        #expect(TemplateTags.problems(in: "{{path.userid}}", parameters: ["userId"]).first?.contains("{userid} is not a path parameter") == true)
        #expect(TemplateTags.problems(in: "{{user.name}}", parameters: []).first?.contains("names nothing") == true)
        #expect(TemplateTags.problems(in: "{{#now}}+1x{{/now}}", parameters: []).first?.contains("+1x") == true)
        #expect(TemplateTags.problems(in: "{{#random}}9-1{{/random}}", parameters: []).first?.contains("MIN-MAX") == true)
        #expect(TemplateTags.problems(in: "{{> partial}}", parameters: []).first?.contains("not supported") == true)
        #expect(TemplateTags.problems(in: "{{#body.items}}", parameters: []).first?.contains("never closed") == true)
        #expect(TemplateTags.problems(in: "{{uuid.x}}", parameters: []).first?.contains("has no fields") == true)
    }

    @Test func stringHelpersDoWhatTheirNamesSay() throws {
        let s = scope(query: "name=mary%20mcDonald-smith&q=a%26b%3Dc%20d%2Fe%3Ff%2Bg")
        #expect(try render("{{#capitalize}}{{query.name}}{{/capitalize}}", in: s) == "Mary McDonald-smith",
                "each word's first letter goes up; the rest is left as it is")
        #expect(try render("{{#capitalizeFirst}}{{query.name}}{{/capitalizeFirst}}", in: s) == "Mary mcDonald-smith")
        #expect(try render("{{#upper}}{{query.name}}{{/upper}}|{{#lower}}AbC{{/lower}}", in: s) == "MARY MCDONALD-SMITH|abc")
        #expect(try render("[{{#trim}}\n\t  x y \r\n{{/trim}}]", in: s) == "[x y]", "trim takes newlines and tabs too")
        #expect(try render("{{#base64}}hello{{/base64}}", in: s) == "aGVsbG8=")
        // As WireMock's urlEncode (Java's URLEncoder): form encoding, a space as +.
        #expect(try render("{{#urlEncode}}{{query.q}}{{/urlEncode}}", in: s) == "a%26b%3Dc+d%2Fe%3Ff%2Bg")
        let every = String((32...126).map { Character(Unicode.Scalar(UInt8($0))) }) + "é€"
        let encoded = StringHelpers.formEncoded(every)
        #expect(encoded.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".-*_%+".contains($0)) }, "\(encoded)")
        #expect(encoded.replacingOccurrences(of: "+", with: " ").removingPercentEncoding == every, "form decoding gives the text back")
        #expect(StringHelpers.formEncoded("Jos\u{e9} O'Brien ~x") == "Jos%C3%A9+O%27Brien+%7Ex")
        #expect(StringHelpers.formEncoded("a*b.c-d_e(f)!") == "a*b.c-d_e%28f%29%21", "URLEncoder keeps exactly .-*_ of the marks")
    }

    @Test func epochFormatsRoundDownToTheirUnit() throws {
        let request = StubRequest(method: "GET", path: "/x", pathSegments: ["x"], query: QueryString.parse(nil), headers: HTTPFields(), body: [],
                                  session: "s1", requestId: "req_1")
        let late = TemplateScope(input: RouteInput(request: request, parameters: [:]), now: Date(timeIntervalSince1970: 1_795_000_000.75),
                                 counter: 1, random: TemplateRandom(seed: 1))
        #expect(try render("{{#now}}epoch{{/now}}", in: late) == "1795000000", "three quarters of a second is still the same second")
        #expect(try render("{{#now}}epochMillis{{/now}}", in: late) == "1795000000750")
        #expect(try render("{{now}}", in: late) == "2026-11-18T11:06:40Z")
    }

    @Test func randomCharactersHaveTheirLengthAndAlphabetUpToTheLimit() throws {
        let s = scope(seed: 11)
        let longest = try render("{{#random}}hex 1024{{/random}}", in: s)
        #expect(longest.count == 1024 && longest.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(TemplateTags.problems(in: "{{#random}}hex 1024{{/random}}", parameters: []).isEmpty)
        #expect(TemplateTags.problems(in: "{{#random}}hex 1025{{/random}}", parameters: []).first?.contains("1 to 1024") == true)
        #expect(TemplateTags.problems(in: "{{#random}}hex 0{{/random}}", parameters: []).first?.contains("1 to 1024") == true)
        let letters = try render("{{#random}}alphabetic 64{{/random}}", in: s)
        #expect(letters.count == 64 && letters.allSatisfy { $0.isASCII && $0.isLetter })
        let mixed = try render("{{#random}}ALPHANUMERIC 512{{/random}}", in: s)
        #expect(mixed.count == 512 && mixed.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }, "\(mixed)")
        #expect(mixed.contains(where: \.isNumber) && mixed.contains(where: \.isUppercase) && mixed.contains(where: \.isLowercase),
                "every part of the alphabet turns up in 512 draws")
        let digits = try render("{{#random}}numeric 32{{/random}}", in: s)
        #expect(digits.count == 32 && digits.allSatisfy { "0123456789".contains($0) })
        #expect(try render("{{#random}}5-5{{/random}}", in: s) == "5", "both ends are included")
    }

    @Test func everyUUIDIsVersionFourOfTheRFCVariant() throws {
        for seed in UInt64(1)...40 {
            let text = try render("{{uuid}}", in: scope(seed: seed))
            let characters = Array(text)
            #expect(characters.count == 36 && characters[14] == "4", "\(text)")
            #expect("89ab".contains(characters[19]), "RFC 9562's variant is 10xx: \(text)")
            #expect(text == text.lowercased())
        }
    }
}
