import Testing
@testable import StubEngine

@Suite struct LatencyModelTests {
    @Test func uniformStaysInBoundsAndReplays() {
        let model = LatencyModel(type: .uniform, minMs: 100, maxMs: 200)
        var a = SeededGenerator(seed: 3), b = SeededGenerator(seed: 3)
        let first = (0..<200).map { _ in model.sample(using: &a) }
        let second = (0..<200).map { _ in model.sample(using: &b) }
        #expect(first == second)
        #expect(first.allSatisfy { (100...200).contains($0) })
    }

    @Test func lognormalCentresOnItsMedianAndIsCapped() {
        let model = LatencyModel(type: .lognormal, maxMs: 1000, medianMs: 300, sigma: 0.5)
        var generator = SeededGenerator(seed: 11)
        let samples = (0..<2001).map { _ in model.sample(using: &generator) }.sorted()
        #expect(samples.allSatisfy { $0 > 0 && $0 <= 1000 })
        #expect(abs(samples[1000] - 300) < 30)
    }

    @Test func fixedIsExact() {
        var generator = SeededGenerator(seed: 0)
        #expect(LatencyModel.fixed(250).sample(using: &generator) == 250)
    }

    @Test func problemsAreNamed() {
        #expect(LatencyModel(type: .uniform, minMs: 5, maxMs: 1).problems().first?.0 == "minMs")
        #expect(LatencyModel(type: .fixed).problems().first?.0 == "ms")
        #expect(LatencyModel(type: .lognormal, medianMs: 10, sigma: 9).problems().first?.0 == "sigma")
    }
}
