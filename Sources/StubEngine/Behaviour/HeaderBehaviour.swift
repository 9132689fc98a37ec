package import HTTPTypes

/// Reads `X-Stub-Status`, `X-Stub-Delay` and `X-Stub-Fault` to pin a behaviour on one request.
package enum HeaderBehaviour {
    package static let status = HTTPField.Name("X-Stub-Status")!
    package static let delay = HTTPField.Name("X-Stub-Delay")!
    package static let fault = HTTPField.Name("X-Stub-Fault")!

    /// Whether any `X-Stub-*` behaviour header is present (checked before taking the generator's lock).
    package static func isRequested(in headers: HTTPFields) -> Bool {
        // `contains` scans for the name; the subscript would also build the joined value.
        headers.contains(status) || headers.contains(delay) || headers.contains(fault)
    }

    /// The decision the headers ask for, nil when none is present, or a 400 for a bad value.
    package static func decision(from headers: HTTPFields, generator: inout SeededGenerator) throws(APIError) -> BehaviourDecision? {
        let statusText = headers[status], delayText = headers[delay], faultText = headers[fault]
        guard statusText != nil || delayText != nil || faultText != nil else { return nil }
        var decision = BehaviourDecision(behaviourId: "header")
        if let statusText {
            guard let code = Int(statusText), (200...599).contains(code) else {
                throw invalid("X-Stub-Status", "must be an HTTP status from 200 to 599, e.g. 503")
            }
            decision.status = code
        }
        if let delayText {
            // "250" is fixed; "100-400" is uniform in that range.
            let bounds = delayText.split(separator: "-", maxSplits: 1,
                omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard bounds.allSatisfy({ $0 != nil && $0! >= 0 && $0! <= 600_000 }), let low = bounds.first!, let high = bounds.last!, low <= high else {
                throw invalid("X-Stub-Delay", "must be milliseconds (e.g. 250) or a range (e.g. 100-400), at most 600000")
            }
            decision.delayMs = high > low ? Double.random(in: low...high, using: &generator) : low
        }
        if let faultText {
            guard let value = Fault(rawValue: faultText.lowercased()) else {
                throw invalid("X-Stub-Fault", "must be one of \(Fault.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            decision.fault = value
        }
        return decision
    }

    private static func invalid(_ header: String, _ reason: String) -> APIError {
        APIError(status: .badRequest, type: "invalid_request", code: "invalid_stub_header",
                 message: "\(header) \(reason).", displayMessage: "Something went wrong. Please try again.",
                 details: [WireErrorDetail(code: "invalid", path: header, message: reason)])
    }
}

import Foundation
