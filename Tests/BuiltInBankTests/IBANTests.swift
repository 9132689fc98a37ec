import Testing
@testable import BuiltInBank
@testable import StubEngine

@Suite struct IBANTests {
    @Test(arguments: ["DE89370400440532013000", "DE89 3704 0044 0532 0130 00", "GB82WEST12345698765432", "FR1420041010050500013M02606"])
    func acceptsValid(_ iban: String) { #expect(IBAN.isValid(iban)) }

    @Test(arguments: ["DE88370400440532013000", "DE8937040044", "XX", "DE89-3704-0044-0532-0130-00", ""])
    func rejectsInvalid(_ iban: String) { #expect(!IBAN.isValid(iban)) }
}
