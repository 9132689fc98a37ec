import Testing
@testable import StubEngine

@Suite struct ZeroPaddedTests {
    @Test func padsToWidthAndNeverTruncates() {
        #expect(String(7, zeroPaddedTo: 4) == "0007")
        #expect(String(12345, zeroPaddedTo: 4) == "12345")
        #expect(String(0, zeroPaddedTo: 2) == "00")
        #expect(String(UInt64(255), radix: 16, zeroPaddedTo: 16) == "00000000000000ff")
        #expect(String(UInt64.max, radix: 16, zeroPaddedTo: 16) == "ffffffffffffffff")
    }
}
