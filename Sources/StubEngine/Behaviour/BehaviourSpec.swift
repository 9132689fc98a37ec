import HTTPTypes

/// What to do to requests that match a route: the one fault model shared by scenario files,
/// the admin API and (in part) the `X-Stub-*` request headers.
///
/// ```yaml
/// route: "GET /v1/accounts"
/// status: 503
/// headers: { Retry-After: "120" }
/// latency: { type: lognormal, medianMs: 300, sigma: 0.5 }
/// probability: 0.2
/// times: 3
/// ```
package struct BehaviourSpec: Codable, Sendable, Equatable {
    /// Which requests: `"GET /v1/accounts/{id}"`, `"* /v1/**"`, or a bare path for any method.
    package var route: String
    /// Routes exempt from this behaviour, same syntax as `route`.
    package var except: [String]?
    /// Answer with this status and an error envelope (for 4xx/5xx) instead of the route.
    package var status: Int?
    /// Headers added to the response, e.g. `Retry-After`.
    package var headers: [String: String]?
    /// Changes to the canned error envelope.
    package var error: ErrorOverride?
    /// Delay before answering.
    package var latency: LatencyModel?
    /// Throttle the body.
    package var bandwidth: Bandwidth?
    /// A network fault instead of a response.
    package var fault: Fault?
    /// Chance, 0…1, that a matching request is affected (default 1).
    package var probability: Double?
    /// Affect only the next N matching requests, then retire.
    package var times: Int?
    /// Retire after this many seconds (admin behaviours; 1 to 86,400), as a console switch does.
    package var expiresInSeconds: Double?
    /// Send a wrong `X-Signature`.
    package var tamperSignature: Bool?
    /// Free text shown in the admin API.
    package var note: String?

    package init(route: String, except: [String]? = nil, status: Int? = nil, headers: [String: String]? = nil,
                error: ErrorOverride? = nil, latency: LatencyModel? = nil, bandwidth: Bandwidth? = nil,
                fault: Fault? = nil, probability: Double? = nil, times: Int? = nil,
                tamperSignature: Bool? = nil, note: String? = nil, expiresInSeconds: Double? = nil) {
        self.route = route
        self.except = except
        self.status = status
        self.headers = headers
        self.error = error
        self.latency = latency
        self.bandwidth = bandwidth
        self.fault = fault
        self.probability = probability
        self.times = times
        self.tamperSignature = tamperSignature
        self.note = note
        self.expiresInSeconds = expiresInSeconds
    }

    /// Every problem with this spec as `(field path, reason)`; empty when valid.
    package func problems() -> [(path: String, reason: String)] {
        var found: [(String, String)] = []
        do { _ = try RoutePattern(route) } catch { found.append(("route", error.reason)) }
        for (index, text) in (except ?? []).enumerated() {
            do { _ = try RoutePattern(text) } catch { found.append(("except[\(index)]", error.reason)) }
        }
        if let status, !(200...599).contains(status) {
            found.append(("status", "must be an HTTP status from 200 to 599 (a 1xx is not a final answer)"))
        }
        for name in (headers ?? [:]).keys.sorted() {
            if HTTPField.Name(name) == nil {
                found.append(("headers.\(name)", "is not a valid header name"))
            } else if BodylessResponse.framingHeaders.contains(name.lowercased()) {
                found.append(("headers.\(name)", "is set by the server from the body and may not be set by a behaviour"))
            } else if let value = headers?[name], !HTTPField.isValidValue(value) {
                found.append(("headers.\(name)", "is not a valid header value: no CR, LF, NUL or leading or trailing spaces"))
            }
        }
        if let probability, !(0...1).contains(probability) { found.append(("probability", "must be between 0 and 1")) }
        if let times, times < 1 { found.append(("times", "must be at least 1")) }
        if let expiresInSeconds, !(expiresInSeconds >= 1 && expiresInSeconds <= 86_400) {
            found.append(("expiresInSeconds", "must be from 1 to 86400 seconds"))
        }
        if let bandwidth {
            if bandwidth.bytesPerSecond < 1 { found.append(("bandwidth.bytesPerSecond", "must be at least 1")) }
            if let chunk = bandwidth.chunkBytes, chunk < 1 { found.append(("bandwidth.chunkBytes", "must be at least 1")) }
        }
        for (field, reason) in latency?.problems() ?? [] { found.append(("latency.\(field)", reason)) }
        if status == nil, latency == nil, bandwidth == nil, fault == nil, tamperSignature != true, headers == nil {
            found.append(("", "a behaviour needs at least one of status, latency, bandwidth, fault, headers or tamperSignature"))
        }
        return found
    }
}
