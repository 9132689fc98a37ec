import StubFormats
import Testing

@Suite struct HexTests {
    @Test func bytesAsLowerCaseHex() {
        #expect(Hex.string([0x00, 0x0f, 0xa5, 0xff]) == "000fa5ff")
        #expect(Hex.string([UInt8]()) == "")
    }
}

@Suite struct FileProblemTests {
    @Test func namesFileLineAndReason() {
        #expect(FileProblem(file: "routes/a.yaml", line: 4, reason: "unknown field").description == "routes/a.yaml:4: unknown field")
        #expect(FileProblem(file: "stubbank.yaml", line: nil, reason: "unreadable").description == "stubbank.yaml: unreadable")
    }
}

@Suite struct DurationMillisecondsTests {
    @Test func keepsTheFraction() {
        #expect(Duration.milliseconds(250).inMilliseconds == 250)
        #expect(Duration.microseconds(1500).inMilliseconds == 1.5)
        #expect(Duration.seconds(2).inMilliseconds == 2000)
    }
}
