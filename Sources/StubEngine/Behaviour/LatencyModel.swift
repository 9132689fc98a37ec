import Foundation

/// How long to wait before answering. Sampled from a seeded generator so runs replay.
public struct LatencyModel: Codable, Sendable, Equatable {
    /// `fixed`, `uniform` or `lognormal`.
    public var type: Kind
    /// Delay for `fixed`.
    public var ms: Double?
    /// Bounds for `uniform`; `maxMs` also caps `lognormal`.
    public var minMs: Double?
    /// The upper bound for `uniform`, and the cap for `lognormal`.
    public var maxMs: Double?
    /// Median and shape for `lognormal`.
    public var medianMs: Double?
    /// The spread of `lognormal`: the standard deviation of the log of the delay.
    public var sigma: Double?

    /// The shape of the distribution.
    public enum Kind: String, Codable, Sendable {
        /// Always `ms`.
        case fixed
        /// Evenly spread between `minMs` and `maxMs`.
        case uniform
        /// Mostly near `medianMs`, with a long tail (as real networks are), capped at `maxMs`.
        case lognormal
    }

    /// A constant delay.
    public static func fixed(_ milliseconds: Double) -> LatencyModel {
        LatencyModel(type: .fixed, ms: milliseconds)
    }

    /// A model of `type` with the parameters that type reads.
    public init(type: Kind, ms: Double? = nil, minMs: Double? = nil, maxMs: Double? = nil,
                medianMs: Double? = nil, sigma: Double? = nil) {
        self.type = type
        self.ms = ms
        self.minMs = minMs
        self.maxMs = maxMs
        self.medianMs = medianMs
        self.sigma = sigma
    }

    /// Problems with the parameters, as `(field, reason)`; empty when valid.
    package func problems() -> [(String, String)] {
        var found: [(String, String)] = []
        func nonNegative(_ value: Double?, _ name: String) {
            if let value, !(value >= 0 && value <= 600_000) { found.append((name, "must be between 0 and 600000 ms")) }
        }
        nonNegative(ms, "ms"); nonNegative(minMs, "minMs"); nonNegative(maxMs, "maxMs"); nonNegative(medianMs, "medianMs")
        switch type {
        case .fixed:
            if ms == nil { found.append(("ms", "a fixed latency needs ms")) }
        case .uniform:
            guard let minMs, let maxMs else { found.append(("minMs", "a uniform latency needs minMs and maxMs")); break }
            if minMs > maxMs { found.append(("minMs", "minMs must not exceed maxMs")) }
        case .lognormal:
            if medianMs == nil { found.append(("medianMs", "a lognormal latency needs medianMs")) }
            if let sigma, !(sigma >= 0 && sigma <= 5) { found.append(("sigma", "sigma must be between 0 and 5")) }
        }
        return found
    }

    /// Draws one delay in milliseconds.
    package func sample(using generator: inout SeededGenerator) -> Double {
        switch type {
        case .fixed:
            return ms ?? 0
        case .uniform:
            let low = minMs ?? 0, high = maxMs ?? low
            return high > low ? Double.random(in: low...high, using: &generator) : low
        case .lognormal:
            let median = medianMs ?? 0
            let shape = sigma ?? 0.5
            // Box–Muller from two uniforms.
            let u1 = Double.random(in: Double.ulpOfOne..<1, using: &generator)
            let u2 = Double.random(in: 0..<1, using: &generator)
            let normal = (-2 * Foundation.log(u1)).squareRoot() * cos(2 * .pi * u2)
            let value = median * exp(shape * normal)
            return min(value, maxMs ?? 600_000)
        }
    }
}
