import BankingDomain
import Testing

@Suite struct IBANTests {
    @Test func spacesAndCaseDoNotMatter() {
        #expect(IBAN("de89 3704 0044 0532 0130 00") == IBAN("DE89370400440532013000"))
        #expect(IBAN(" gb29\tNWBK 6016 1331 9268 19 ").compact == "GB29NWBK60161331926819")
    }

    @Test(arguments: [("DE89370400440532013000", true), ("NO9386011117947", true), ("DE8937040044", false),
                      ("DE89-3704-0044-0532-0130-00", false), ("DE89370400440532013000ÄÖ", false),
                      (String(repeating: "A1", count: 18), false)])
    func shape(text: String, valid: Bool) {
        #expect(IBAN(text).hasValidShape == valid)
    }
}
