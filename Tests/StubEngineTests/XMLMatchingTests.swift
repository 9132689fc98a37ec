import Foundation
import Testing
@testable import StubEngine
import StubFormats
import HTTPTypes

/// XML request bodies, as banks' PSD2 and ISO 20022 APIs send them: XPath 1.0 (WireMock's
/// `matchesXPath`), whole-document equality with XMLUnit's placeholders (`equalToXml`), and both
/// through the route-file loader and the engine, with no HTTP.
@Suite struct XMLMatchingTests {
    /// A SEPA credit transfer (pain.001), cut down, with a namespace and a prefixed element.
    static let payment = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03" xmlns:x="urn:x">
          <CstmrCdtTrfInitn>
            <GrpHdr><MsgId>MSG-0042</MsgId><NbOfTxs>2</NbOfTxs></GrpHdr>
            <PmtInf>
              <CdtTrfTxInf><Amt><InstdAmt Ccy="EUR">125.50</InstdAmt></Amt><Cdtr><Nm>Max Mustermann</Nm></Cdtr></CdtTrfTxInf>
              <CdtTrfTxInf><Amt><InstdAmt Ccy="GBP">9</InstdAmt></Amt><Cdtr><Nm>Jo Bloggs</Nm></Cdtr></CdtTrfTxInf>
              <x:Note><![CDATA[a < b]]></x:Note>
            </PmtInf>
          </CstmrCdtTrfInitn>
        </Document>
        """

    private func values(_ expression: String, in xml: String = Self.payment) throws -> [String] {
        let document = try #require(XMLBody.parse(Array(xml.utf8)), "well-formed")
        return try XPath(expression).values(in: document)
    }

    @Test func pathsSelectWhatXPathSelects() throws {
        #expect(try values("/Document/CstmrCdtTrfInitn/GrpHdr/MsgId") == ["MSG-0042"])
        #expect(try values("/Document/CstmrCdtTrfInitn/GrpHdr/MsgId/text()") == ["MSG-0042"])
        #expect(try values("//InstdAmt") == ["125.50", "9"], "any depth, in document order")
        #expect(try values("//InstdAmt/@Ccy") == ["EUR", "GBP"])
        #expect(try values("//CdtTrfTxInf[2]/Cdtr/Nm") == ["Jo Bloggs"])
        #expect(try values("//CdtTrfTxInf[last()]//Nm") == ["Jo Bloggs"])
        #expect(try values("//InstdAmt[@Ccy='EUR']") == ["125.50"])
        #expect(try values("//InstdAmt[.=9]/@Ccy") == ["GBP"], "a number compares by value")
        #expect(try values("//InstdAmt[. > 100]") == ["125.50"])
        #expect(try values("//Nm[contains(., 'Muster')]/../../Amt/InstdAmt") == ["125.50"])
        #expect(try values("//Nm[starts-with(., 'Jo') and not(contains(., 'Max'))]") == ["Jo Bloggs"])
        #expect(try values("//Nm[ends-with(., 'Bloggs')]") == ["Jo Bloggs"], "XPath 2's ends-with, as WireMock's XPath allows")
        #expect(try values("//Nm[ends-with(., 'Jo')]").isEmpty)
        #expect(try values("//x:Note") == ["a < b"], "a prefix matches by local name; CDATA is text")
        #expect(try values("//MsgId | //NbOfTxs") == ["MSG-0042", "2"])
        #expect(try values("/Document/*/GrpHdr/*[2]") == ["2"])
        #expect(try values("(//Nm)[1]") == ["Max Mustermann"])
        #expect(try values("//*[@k]/*[not(@k)]", in: "<r><a k='1'><b k='2'><x>X</x></b><y>Y</y></a></r>") == ["X", "Y"],
                "two context nodes, one inside the other: what they find still comes in document order")
        #expect(try values("/r/@*", in: "<r a='1' b='2'><c d='3'/></r>") == ["1", "2"],
                "@* is every attribute of the element, none of its children's")
        #expect(try values("count(//@*)", in: "<r a='1' b='2'><c d='3'/></r>") == ["3"])
        #expect(try values("//*[@*='3']", in: "<r a='1' b='2'><c d='3'>x</c></r>") == ["x"])
        #expect(try values("//MsgId/.") == ["MSG-0042"], "an expression may end in `.`, the node itself")
        #expect(try values("//x:N", in: "<r xmlns:x='urn:x'><x:N>v</x:N></r>") == ["v"], "a prefixed name of one letter, last")
        #expect(try values("//InstdAmt[. > .5]/@Ccy") == ["EUR", "GBP"], "a number may start with its point")
        #expect(try values("//InstdAmt[. < 9.5]/@Ccy") == ["GBP"])
        // A path that starts with `/` or `//` inside a predicate starts from the document, not the node.
        #expect(try values("//CdtTrfTxInf[count(//InstdAmt) = 2]/Cdtr/Nm") == ["Max Mustermann", "Jo Bloggs"])
        #expect(try values("//CdtTrfTxInf[/Document//NbOfTxs = 2]/Cdtr/Nm") == ["Max Mustermann", "Jo Bloggs"])
        #expect(try values("//CdtTrfTxInf[count(.//InstdAmt) = 2]").isEmpty, "`.//` is the node's own descendants")
    }

    @Test func expressionsThatAreNotPathsGiveOneValue() throws {
        #expect(try values("count(//CdtTrfTxInf)") == ["2"])
        #expect(try values("count(//CdtTrfTxInf) = 2") == ["true"])
        #expect(try values("count(//CdtTrfTxInf) > 2") == [], "false selects nothing")
        #expect(try values("count(//CdtTrfTxInf) > .5") == ["true"], "a number that starts with its point ends the expression")
        #expect(try values("/Document/CstmrCdtTrfInitn[count(PmtInf/CdtTrfTxInf) = 2]/GrpHdr/NbOfTxs") == ["2"])
        #expect(try values("string-length(//MsgId)") == ["8"])
        #expect(try values("normalize-space('  a   b ')") == ["a b"])
        #expect(try values("local-name(/*)") == ["Document"])
        #expect(try values("//Missing") == [])
        #expect(try values("//InstdAmt[@Ccy!='EUR']") == ["9"])
    }

    /// A body nested past `XMLBody.maxDepth` is not read as XML (no stack to exhaust): the route
    /// does not match, and the near miss says the body is not XML.
    @Test func aBodyNestedTooDeepIsNotXML() throws {
        let deep = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        #expect(XMLBody.parse(Array(deep.utf8)) == nil)
        let fits = String(repeating: "<a>", count: XMLBody.maxDepth) + String(repeating: "</a>", count: XMLBody.maxDepth)
        #expect(try XPath("count(//a)").values(in: try #require(XMLBody.parse(Array(fits.utf8)))) == ["\(XMLBody.maxDepth)"])
        #expect(XMLBody.parse(Array(("<b>" + fits + "</b>").utf8)) == nil)
    }

    /// A wide body (20,000 siblings) selects each node once, in document order.
    @Test func aWideBodySelectsEachNodeOnce() throws {
        let wide = "<r>" + (0..<20_000).map { "<a n=\"\($0)\"/>" }.joined() + "</r>"
        let document = try #require(XMLBody.parse(Array(wide.utf8)))
        #expect(try XPath("count(//a | /r/a)").values(in: document) == ["20000"])
        #expect(try XPath("(//a)[last()]/@n").values(in: document) == ["19999"])
    }

    @Test func whatItCannotReadIsRefusedNamingIt() {
        for (expression, reason) in [("//a[", "found the end"), ("child::a", "axes"), ("//a[matches(., 'x')]", "matches() is not one"),
                                     ("//a[@]", "@ needs an attribute name"), ("/a ^ b", "\"^\" is not part"), ("//a]", "unexpected"),
                                     // A name that ends the expression with its prefix's colon (`IBAN:`), or with `::`.
                                     ("//Document/IBAN:", "\":\" is not part"), ("//Dbtr/x::", "axes"),
                                     // A function given too few arguments, or too many.
                                     ("//a[contains(.)]", "contains() takes 2–2 arguments"), ("count()", "count() takes 1–1"),
                                     ("//a[last(1)]", "last() takes 0–0")] {
            #expect(throws: ValueMatcherError.self, "\(expression)") { try XPath(expression) }
            do {
                _ = try XPath(expression)
            } catch {
                #expect(error.reason.contains(reason), "\(expression): \(error.reason)")
            }
        }
    }

    @Test func equalXMLIgnoresLayoutAttributeOrderAndPrefixes() throws {
        let expected = try ExpectedXML(#"<a:Doc xmlns:a="urn:x"><Amt Ccy="EUR" Src="app">10</Amt><Nm>Max</Nm></a:Doc>"#)
        let same = """
            <?xml version="1.0"?>
            <Doc xmlns="urn:x">
              <Amt Src="app" Ccy="EUR"> 10 </Amt>
              <!-- a comment -->
              <Nm>
                Max
              </Nm>
            </Doc>
            """
        #expect(expected.mismatch(XMLBody.parse(Array(same.utf8))) == nil)
        let cases: [(String, String)] = [
            (#"<Doc><Amt Ccy="GBP" Src="app">10</Amt><Nm>Max</Nm></Doc>"#, "at /Doc/Amt/@Ccy: expected \"EUR\", found \"GBP\""),
            (#"<Doc><Amt Ccy="EUR">10</Amt><Nm>Max</Nm></Doc>"#, "missing attribute Src"),
            (#"<Doc><Amt Ccy="EUR" Src="app">10</Amt><Nm>Max</Nm><Nm>Jo</Nm></Doc>"#, "expected 2 child elements, found 3"),
            (#"<Doc><Amt Ccy="EUR" Src="app">11</Amt><Nm>Max</Nm></Doc>"#, "at /Doc/Amt: expected \"10\", found \"11\""),
            (#"<Doc><Nm>Max</Nm><Amt Ccy="EUR" Src="app">10</Amt></Doc>"#, "expected <Amt>, found <Nm>"),
        ]
        for (body, reason) in cases {
            let why = expected.mismatch(XMLBody.parse(Array(body.utf8)))
            #expect(why?.contains(reason) == true, "\(body): \(why ?? "matched")")
        }
        #expect(expected.mismatch(XMLBody.parse(Array("{\"json\": true}".utf8))) == "is not XML")
        #expect(throws: ValueMatcherError.self) { try ExpectedXML("<a><b></a>") }
    }

    @Test func placeholdersStandForAValue() throws {
        let source = """
            <Tx id="${xmlunit.ignore}"><Amt>${xmlunit.isNumber}</Amt><Ref>${xmlunit.matchesRegex([A-Z]{3}-[0-9]+)}</Ref>\
            <At>${xmlunit.isDateTime}</At></Tx>
            """
        // All four are ones the loader takes; it refuses only a placeholder XMLUnit lacks.
        let expected = try ExpectedXML(source)
        let good = #"<Tx id="anything"><Amt>12.5</Amt><Ref>MSG-42</Ref><At>2026-11-26T10:00:00Z</At></Tx>"#
        #expect(expected.mismatch(XMLBody.parse(Array(good.utf8))) == nil)
        for bad in [#"<Tx id="a"><Amt>twelve</Amt><Ref>MSG-42</Ref><At>2026-11-26T10:00:00Z</At></Tx>"#,
                    #"<Tx id="a"><Amt>1</Amt><Ref>msg-42</Ref><At>2026-11-26T10:00:00Z</At></Tx>"#,
                    #"<Tx id="a"><Amt>1</Amt><Ref>MSG-42</Ref><At>yesterday</At></Tx>"#] {
            #expect(expected.mismatch(XMLBody.parse(Array(bad.utf8))) != nil, "\(bad)")
        }
        let refused = #expect(throws: ValueMatcherError.self) { try ExpectedXML(#"<a b="${ xmlunit.isBoolean }"/>"#) }
        #expect(refused?.reason.hasPrefix("holds ${ xmlunit.isBoolean }, which is not an XMLUnit placeholder") == true, "\(String(describing: refused))")
    }

    /// `${xmlunit.matchesRegex(…)}` holds when the expression finds a match in the trimmed text,
    /// as XMLUnit's `MatchesRegexPlaceholderHandler` does (`Matcher.find`): anchors make it whole.
    @Test func aRegexPlaceholderFindsAMatchAsXMLUnitDoes() throws {
        let expected = try ExpectedXML("<Pay><Ccy>${xmlunit.matchesRegex(EUR|GBP)}</Ccy><Ref>${xmlunit.matchesRegex(^[0-9]{4}$)}</Ref></Pay>")
        func mismatch(_ ccy: String, _ ref: String) -> String? {
            expected.mismatch(XMLBody.parse(Array("<Pay><Ccy>\(ccy)</Ccy><Ref>\(ref)</Ref></Pay>".utf8)))
        }
        #expect(mismatch("EUR", "1234") == nil)
        #expect(mismatch("XGBP", " 0000 ") == nil)
        #expect(mismatch("EURO", "1234") == nil)
        #expect(mismatch("USD", "1234") == #"at /Pay/Ccy: expected "${xmlunit.matchesRegex(EUR|GBP)}", found "USD""#)
        #expect(mismatch("EUR", "12345") != nil)
        #expect(mismatch("EUR", "x1234") != nil)
        // Parentheses inside the expression, and a count with a comma, are the expression's.
        let grouped = try ExpectedXML("<Ref>${xmlunit.matchesRegex(^(EUR|GBP)-[0-9]{2,3}$)}</Ref>")
        #expect(grouped.mismatch(XMLBody.parse(Array("<Ref>GBP-123</Ref>".utf8))) == nil)
        #expect(grouped.mismatch(XMLBody.parse(Array("<Ref>GBP-1</Ref>".utf8))) != nil)
    }

    /// Placeholders as XMLUnit reads them: blanks inside the braces and around the value, a
    /// missing attribute taken by `ignore` alone, `isNumber` by XMLUnit's own pattern, and
    /// `isDateTime` as Java's lenient `SimpleDateFormat` reads a date at the text's start, in
    /// XMLUnit's ISO patterns or the one given.
    @Test func placeholdersAreReadAsXMLUnitReadsThem() throws {
        func accepts(_ placeholder: String, _ value: String?) throws -> Bool {
            let parsed = try #require(XMLUnitPlaceholder(placeholder), "\(placeholder) is a placeholder")
            return parsed.accepts(value)
        }
        #expect(XMLUnitPlaceholder("  ${  xmlunit.isNumber  }  ") == XMLUnitPlaceholder("${xmlunit.isNumber}"))
        #expect(XMLUnitPlaceholder("${xmlunit.matchesRegex( [0-9]+ )}")?.argument == " [0-9]+ ")
        for plain in ["xmlunit.ignore", "${xmlunit.}", "${ignore}", "a ${xmlunit.ignore}", "$ {xmlunit.ignore}"] {
            #expect(XMLUnitPlaceholder(plain) == nil, "\(plain)")
        }
        #expect(try accepts("${xmlunit.ignore}", nil))
        #expect(try !accepts("${xmlunit.isNumber}", nil))
        for number in ["1", "-1.5", ".5", "+2e10", " 3E-2 "] { #expect(try accepts("${xmlunit.isNumber}", number), "\(number)") }
        for other in ["1.", "0x10", "NaN", "inf", "1,5", "", "1 2"] { #expect(try !accepts("${xmlunit.isNumber}", other), "\(other)") }
        for date in ["2026-12-02", "2026-12-02T10:00:00Z", "2026-12-02 10:00:00.123+01:00", "12/2/26", "2026-1-2"] {
            #expect(try accepts("${xmlunit.isDateTime}", date), "\(date)")
        }
        for other in ["yesterday", "", "02.12.2026", "T10:00"] { #expect(try !accepts("${xmlunit.isDateTime}", other), "\(other)") }
        #expect(try accepts("${xmlunit.isDateTime(dd.MM.yyyy)}", "02.12.2026"))
        #expect(try !accepts("${xmlunit.isDateTime(dd.MM.yyyy)}", "2026-12-02"))
        #expect(try accepts("${xmlunit.isDateTime(EEE, d MMM yyyy HH:mm:ss Z)}", "Wed, 2 Dec 2026 10:00:00 +0100"))
        #expect(try accepts("${xmlunit.isDateTime(yyyyMMdd'T'HHmm)}", "20261202T1000"))
        #expect(try !accepts("${xmlunit.isDateTime(yyyyMMdd'T'HHmm)}", "20261202 1000"))
        // In a document: an attribute `${xmlunit.ignore}` stands for may be missing; another may not.
        let expected = try ExpectedXML(#"<Tx id="${ xmlunit.ignore }" n=" ${xmlunit.isNumber} "><At> ${xmlunit.isDateTime} </At></Tx>"#)
        #expect(expected.mismatch(XMLBody.parse(Array(#"<Tx n="7"><At>2026-12-02</At></Tx>"#.utf8))) == nil)
        #expect(expected.mismatch(XMLBody.parse(Array(#"<Tx id="1"><At>2026-12-02</At></Tx>"#.utf8))) == "at /Tx: missing attribute n")
    }

    @Test func routeFilesMatchXMLBodiesAndSayWhyNot() throws {
        let (routes, problems) = RouteFolder.load("""
            routes:
              - id: single-euro-transfer
                request:
                  method: POST
                  path: /v1/payments
                  xpath:
                    "//InstdAmt[@Ccy='EUR']": { present: true }
                    "//Cdtr/Nm/text()": { contains: Muster }
                    "count(//CdtTrfTxInf) > 5": { absent: true }
                responses:
                  - status: 201
                    body: { kind: euro }
                  - name: two
                    when: { xpath: { "count(//CdtTrfTxInf)": 2 } }
                    status: 202
              - id: exact
                request:
                  method: POST
                  path: /v1/exact
                  bodyXml: |
                    <Doc><Amt Ccy="EUR">${xmlunit.isNumber}</Amt></Doc>
                responses: [{ status: 200 }]
            """)
        #expect(problems.isEmpty, "\(problems)")
        let probe = EngineProbe(sources: [FileRouteSource(routes: routes, state: FileRouteState(seed: 1), clock: Date.init)])
        let xml = ["Content-Type": "application/xml"]
        #expect(probe.answer("/v1/payments", method: "POST", headers: xml, body: Self.payment).status.code == 202, "when picks two")
        let swapped = Self.payment.replacingOccurrences(of: "Max Mustermann", with: "@").replacingOccurrences(of: "Jo Bloggs", with: "Max Mustermann")
            .replacingOccurrences(of: "@", with: "Jo Bloggs")
        #expect(probe.answer("/v1/payments", method: "POST", headers: xml, body: swapped).status.code == 202, "any value the XPath selects")
        let one = Self.payment.replacingOccurrences(of: #"<CdtTrfTxInf><Amt><InstdAmt Ccy="GBP">9</InstdAmt></Amt><Cdtr><Nm>Jo Bloggs</Nm></Cdtr></CdtTrfTxInf>"#,
                                                    with: "")
        #expect(probe.answer("/v1/payments", method: "POST", headers: xml, body: one).status.code == 201)
        let sterling = one.replacingOccurrences(of: "EUR", with: "GBP")
        let miss = probe.answer("/v1/payments", method: "POST", headers: xml, body: sterling)
        #expect(miss.status.code == 404)
        #expect(String(decoding: miss.body, as: UTF8.self).contains("xpath //InstdAmt[@Ccy='EUR']"), "the near miss names the XPath")
        let json = probe.answer("/v1/payments", method: "POST", body: #"{"amount": 1}"#)
        #expect(String(decoding: json.body, as: UTF8.self).contains("body is not XML"))
        #expect(probe.answer("/v1/exact", method: "POST", body: #"<Doc> <Amt Ccy="EUR">3.5</Amt> </Doc>"#).status.code == 200)
        #expect(probe.answer("/v1/exact", method: "POST", body: #"<Doc><Amt Ccy="EUR">x</Amt></Doc>"#).status.code == 404)
        // Attributes are compared both ways: one the expected XML has not, or one it has missing.
        #expect(probe.answer("/v1/exact", method: "POST", body: #"<Doc><Amt Ccy="EUR" Src="x">3.5</Amt></Doc>"#).status.code == 404)
        #expect(probe.answer("/v1/exact", method: "POST", body: #"<Doc><Amt>3.5</Amt></Doc>"#).status.code == 404)
    }

    @Test func aBadXPathOrXMLIsRefusedAtLoadWithTheLine() throws {
        let (_, problems) = RouteFolder.load("""
            routes:
              - request:
                  method: POST
                  path: /a
                  xpath: { "//a[": { present: true } }
                responses: [{ status: 200 }]
              - request:
                  method: POST
                  path: /b
                  bodyXml: "<a><b></a>"
                responses: [{ status: 200 }]
              - request:
                  method: POST
                  path: /c
                  bodyXml: "<a>${xmlunit.isBoolean}</a>"
                responses: [{ status: 200 }]
            """)
        let text = problems.map { "\($0)" }
        #expect(text.contains { $0.contains("r.yaml:5") && $0.contains("XPath //a[") && $0.contains("found the end") }, "\(text)")
        #expect(text.contains { $0.contains("r.yaml:10") && $0.contains("bodyXml is not well-formed XML") }, "\(text)")
        #expect(text.contains { $0.contains("r.yaml:15") && $0.contains("${xmlunit.isBoolean") }, "\(text)")
    }
}
