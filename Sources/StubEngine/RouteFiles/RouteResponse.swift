package import HTTPTypes

/// One answer a route can give: status, headers, body, and the behaviour that comes with it.
package struct RouteResponse: Sendable {
    /// Picked by `Prefer: example=NAME`.
    package let name: String?
    /// Served only when this holds; responses with a `when` are tried before the route's `mode` applies.
    package let when: RequestCondition?
    package let status: Int
    package let headers: [(name: HTTPField.Name, value: ResponseTemplate)]
    package let body: RouteResponseBody
    /// The body file's path inside the stubs folder, when the body came from one.
    package let bodyFile: String?
    /// Latency, bandwidth, fault, probability and times, as in the behaviour model.
    package let behaviour: RouteBehaviour
    /// Where it was written, for messages and the admin API.
    package let location: String
}

/// A response body: nothing, fixed bytes, or a template rendered per request.
package enum RouteResponseBody: Sendable {
    case empty
    case bytes([UInt8], contentType: String)
    case template(ResponseTemplate, contentType: String)

    package var contentType: String {
        switch self {
        case .empty: ""
        case .bytes(_, let type), .template(_, let type): type
        }
    }
}

/// The behaviour fields a route or response may carry.
package struct RouteBehaviour: Sendable {
    package var latency: LatencyModel?
    package var bandwidth: Bandwidth?
    package var fault: Fault?
    package var probability: Double?
    package var times: Int?
    package var tamperSignature: Bool?

    /// Fields of `self` win; the rest come from `fallback` (a route's or its folder's defaults).
    package func over(_ fallback: RouteBehaviour) -> RouteBehaviour {
        RouteBehaviour(latency: latency ?? fallback.latency, bandwidth: bandwidth ?? fallback.bandwidth,
                       fault: fault ?? fallback.fault, probability: probability ?? fallback.probability,
                       times: times ?? fallback.times, tamperSignature: tamperSignature ?? fallback.tamperSignature)
    }
}
