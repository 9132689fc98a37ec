/// A behaviour for one session, built from Swift values: a status, a delay or a network fault on
/// some routes, for some requests or some seconds.
///
/// ```swift
/// try await session.install(.status(503, on: "GET /v1/accounts", headers: ["Retry-After": "120"]))
/// try await session.install(.fault(.reset, on: "POST /v1/transfers").limited(to: .requests(1)))
/// try await session.install(.delay(.seconds(2)...(.seconds(4)), on: "GET /v1/accounts/{id}/transactions"))
/// try await session.install(.offline())
/// ```
///
/// Routes are written as the stub writes them: `"GET /v1/accounts/{id}"`, `"* /v1/**"`, or a bare
/// path for any method.
///
/// It is `Codable` in the admin API's own JSON (`POST /__stubbank/behaviours`), which is also
/// what a contract case's `given: - behaviour:` and a scenario's `behaviours:` hold, so a
/// behaviour read from a case file is this type. Decoding refuses a field the stub does not
/// know, naming it, and a value of the wrong shape (an unknown fault, a latency without its
/// numbers).
public struct StubBehaviour: Sendable, Equatable, Codable {
    /// A network fault instead of an answer: the stub's own `Fault` (in StubEngine), spelled
    /// here for a test target that imports Foundation alone.
    public enum Fault: String, Sendable, CaseIterable {
        /// The connection is reset before any answer.
        case reset
        /// The route acts on the request (books the transfer, freezes the card), then the
        /// connection is reset instead of answering: the server did the work, the app never hears.
        case resetAfter = "reset-after"
        /// The connection closes with no answer at all.
        case empty
        /// A 200 whose JSON body is cut mid-token.
        case malformed
        /// The body stops short of its `Content-Length`.
        case truncated
        /// The body is served as `text/html`.
        case wrongContentType = "wrong-content-type"
        /// No answer, ever; the client's timeout decides.
        case hang
    }

    /// A delay before the answer.
    public enum Delay: Sendable, Equatable {
        /// Always this long.
        case fixed(Duration)
        /// Uniformly between the bounds.
        case between(Duration, Duration)
        /// Mostly near `median`, with a long tail as real networks have (`sigma` is the spread
        /// of the log of the delay, 0 to 5; the stub's default is 0.5), never above `cap`.
        case lognormal(median: Duration, sigma: Double?, cap: Duration?)
    }

    /// Changes to the error envelope the stub writes for a 4xx or 5xx `status`.
    public struct ErrorBody: Sendable, Equatable {
        /// `error.code`, such as `insufficient_funds`.
        public var code: String?
        /// `error.message`, for the developer.
        public var message: String?
        /// `error.displayMessage`, for the customer.
        public var displayMessage: String?
        /// `error.retryable`.
        public var retryable: Bool?

        /// The fields to change; the others keep the stub's text for the status.
        public init(code: String? = nil, message: String? = nil, displayMessage: String? = nil, retryable: Bool? = nil) {
            self.code = code
            self.message = message
            self.displayMessage = displayMessage
            self.retryable = retryable
        }
    }

    /// A throttled body: sent in chunks paced to a byte rate, as on a weak mobile link.
    public struct Bandwidth: Sendable, Equatable {
        /// The sustained rate; at least 1.
        public var bytesPerSecond: Int
        /// The size of each write (the stub's default is 1 KiB).
        public var chunkBytes: Int?

        /// A link of `bytesPerSecond`, written `chunkBytes` at a time.
        public init(bytesPerSecond: Int, chunkBytes: Int? = nil) {
            self.bytesPerSecond = bytesPerSecond
            self.chunkBytes = chunkBytes
        }
    }

    /// How long a behaviour lasts.
    public enum Limit: Sendable, Equatable {
        /// Until it is removed or the session ends.
        case always
        /// The next N matching requests, then it retires.
        case requests(Int)
        /// This many seconds (1 to 86,400), then it retires.
        case seconds(Double)
        /// The next N matching requests within this many seconds, whichever ends first.
        case requestsWithin(Int, seconds: Double)
    }

    /// Which requests: `"GET /v1/accounts"`, `"* /v1/**"`, or a bare path for any method.
    public var route: String
    /// Routes left alone, in the same form.
    public var except: [String] = []
    /// Answer with this status (and the stub's error envelope for 4xx and 5xx).
    public var status: Int?
    /// Changes to that envelope: its code, messages and whether it is retryable.
    public var error: ErrorBody?
    /// Headers added to the answer, such as `Retry-After`.
    public var headers: [String: String] = [:]
    /// Wait before answering.
    public var delay: Delay?
    /// Throttle the body.
    public var bandwidth: Bandwidth?
    /// Drop, cut or garble the answer instead.
    public var fault: Fault?
    /// The chance, 0 to 1, that a matching request is affected; nil for every one.
    public var probability: Double?
    /// Sign the answer with a wrong `X-Signature`, for an app that checks signatures.
    public var tamperSignature = false
    /// How long it lasts.
    public var limit: Limit = .always
    /// Shown in the admin API and the console.
    public var note: String?

    /// A behaviour on `route`; set the fields you need, or use the static builders.
    public init(route: String) {
        self.route = route
    }

    /// Answer `route` with `status`, such as 503 with `Retry-After`.
    public static func status(_ status: Int, on route: String, headers: [String: String] = [:], for limit: Limit = .always) -> StubBehaviour {
        var behaviour = StubBehaviour(route: route)
        behaviour.status = status
        behaviour.headers = headers
        behaviour.limit = limit
        return behaviour
    }

    /// Answer `route` (every route by default) after `duration`.
    public static func delay(_ duration: Duration, on route: String = "* /**", for limit: Limit = .always) -> StubBehaviour {
        var behaviour = StubBehaviour(route: route)
        behaviour.delay = .fixed(duration)
        behaviour.limit = limit
        return behaviour
    }

    /// Answer `route` (every route by default) after a delay drawn from `range`: a slow, uneven network.
    public static func delay(_ range: ClosedRange<Duration>, on route: String = "* /**", for limit: Limit = .always) -> StubBehaviour {
        var behaviour = StubBehaviour(route: route)
        behaviour.delay = .between(range.lowerBound, range.upperBound)
        behaviour.limit = limit
        return behaviour
    }

    /// Serve `fault` on `route` instead of an answer.
    public static func fault(_ fault: Fault, on route: String, for limit: Limit = .always) -> StubBehaviour {
        var behaviour = StubBehaviour(route: route)
        behaviour.fault = fault
        behaviour.limit = limit
        return behaviour
    }

    /// The device loses its connection: every request (but `except`) is reset, as the web
    /// console's "Offline" does. The app sees a dropped connection (`networkConnectionLost`);
    /// to start the app with no network at all (`cannotConnectToHost`), launch it with
    /// `StubSession.launchEnvironment(offline: true)`.
    public static func offline(except: [String] = [], for limit: Limit = .always) -> StubBehaviour {
        var behaviour = StubBehaviour.fault(.reset, on: "* /**", for: limit)
        behaviour.except = except
        behaviour.note = "offline"
        return behaviour
    }

    /// The same behaviour with another limit.
    public func limited(to limit: Limit) -> StubBehaviour {
        var copy = self
        copy.limit = limit
        return copy
    }

    /// The stub's own JSON for it (`POST /__stubbank/behaviours`).
    var json: [String: JSONField] {
        var object: [String: JSONField] = ["route": .text(route)]
        if !except.isEmpty { object["except"] = .list(except.map(JSONField.text)) }
        if let status { object["status"] = .number(Double(status)) }
        if let error {
            var fields: [String: JSONField] = [:]
            if let code = error.code { fields["code"] = .text(code) }
            if let message = error.message { fields["message"] = .text(message) }
            if let displayMessage = error.displayMessage { fields["displayMessage"] = .text(displayMessage) }
            if let retryable = error.retryable { fields["retryable"] = .flag(retryable) }
            object["error"] = .object(fields)
        }
        if !headers.isEmpty { object["headers"] = .object(headers.mapValues(JSONField.text)) }
        switch delay {
        case .fixed(let duration)?: object["latency"] = .object(["type": .text("fixed"), "ms": .number(Self.milliseconds(duration))])
        case .between(let low, let high)?:
            object["latency"] = .object(["type": .text("uniform"), "minMs": .number(Self.milliseconds(low)),
                                         "maxMs": .number(Self.milliseconds(high))])
        case .lognormal(let median, let sigma, let cap)?:
            var latency: [String: JSONField] = ["type": .text("lognormal"), "medianMs": .number(Self.milliseconds(median))]
            if let sigma { latency["sigma"] = .number(sigma) }
            if let cap { latency["maxMs"] = .number(Self.milliseconds(cap)) }
            object["latency"] = .object(latency)
        case nil: break
        }
        if let bandwidth {
            var fields: [String: JSONField] = ["bytesPerSecond": .number(Double(bandwidth.bytesPerSecond))]
            if let chunk = bandwidth.chunkBytes { fields["chunkBytes"] = .number(Double(chunk)) }
            object["bandwidth"] = .object(fields)
        }
        if let fault { object["fault"] = .text(fault.rawValue) }
        if let probability { object["probability"] = .number(probability) }
        if tamperSignature { object["tamperSignature"] = .flag(true) }
        switch limit {
        case .always: break
        case .requests(let count): object["times"] = .number(Double(count))
        case .seconds(let seconds): object["expiresInSeconds"] = .number(seconds)
        case .requestsWithin(let count, let seconds):
            object["times"] = .number(Double(count))
            object["expiresInSeconds"] = .number(seconds)
        }
        if let note { object["note"] = .text(note) }
        return object
    }

    /// Writes the admin API's JSON.
    public func encode(to encoder: any Encoder) throws {
        try JSONField.object(json).encode(to: encoder)
    }

    /// The fields of the admin API's JSON, each read once below.
    static let fields = ["route", "except", "status", "error", "headers", "latency", "bandwidth", "fault", "probability", "times",
                         "expiresInSeconds", "tamperSignature", "note"]

    /// Reads the admin API's JSON (a case file's `behaviour:`), refusing a field it does not
    /// know and a value of the wrong shape, with the field's path.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: FieldKey.self)
        try FieldKey.refuseUnknown(in: object, known: Self.fields)
        route = try object.decode(String.self, forKey: "route")
        except = try object.decodeIfPresent([String].self, forKey: "except") ?? []
        status = try object.decodeIfPresent(Int.self, forKey: "status")
        if object.contains("error") {
            let fields = try object.nestedContainer(keyedBy: FieldKey.self, forKey: "error")
            try FieldKey.refuseUnknown(in: fields, known: ["code", "message", "displayMessage", "retryable"])
            error = ErrorBody(code: try fields.decodeIfPresent(String.self, forKey: "code"),
                              message: try fields.decodeIfPresent(String.self, forKey: "message"),
                              displayMessage: try fields.decodeIfPresent(String.self, forKey: "displayMessage"),
                              retryable: try fields.decodeIfPresent(Bool.self, forKey: "retryable"))
        }
        headers = try object.decodeIfPresent([String: String].self, forKey: "headers") ?? [:]
        if object.contains("latency") {
            delay = try Self.delay(object.nestedContainer(keyedBy: FieldKey.self, forKey: "latency"))
        }
        if object.contains("bandwidth") {
            let fields = try object.nestedContainer(keyedBy: FieldKey.self, forKey: "bandwidth")
            try FieldKey.refuseUnknown(in: fields, known: ["bytesPerSecond", "chunkBytes"])
            bandwidth = Bandwidth(bytesPerSecond: try fields.decode(Int.self, forKey: "bytesPerSecond"),
                                  chunkBytes: try fields.decodeIfPresent(Int.self, forKey: "chunkBytes"))
        }
        if let name = try object.decodeIfPresent(String.self, forKey: "fault") {
            guard let fault = Fault(rawValue: name) else {
                throw DecodingError.dataCorruptedError(forKey: "fault", in: object, debugDescription:
                    "unknown fault \(name); one of \(Fault.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.fault = fault
        }
        probability = try object.decodeIfPresent(Double.self, forKey: "probability")
        tamperSignature = try object.decodeIfPresent(Bool.self, forKey: "tamperSignature") ?? false
        switch (try object.decodeIfPresent(Int.self, forKey: "times"), try object.decodeIfPresent(Double.self, forKey: "expiresInSeconds")) {
        case (let count?, let seconds?): limit = .requestsWithin(count, seconds: seconds)
        case (let count?, nil): limit = .requests(count)
        case (nil, let seconds?): limit = .seconds(seconds)
        case (nil, nil): limit = .always
        }
        note = try object.decodeIfPresent(String.self, forKey: "note")
    }

    /// A `latency` object: `fixed` with `ms`, `uniform` with `minMs` and `maxMs`, or `lognormal`
    /// with `medianMs` (and `sigma`, `maxMs`).
    private static func delay(_ fields: KeyedDecodingContainer<FieldKey>) throws -> Delay {
        try FieldKey.refuseUnknown(in: fields, known: ["type", "ms", "minMs", "maxMs", "medianMs", "sigma"])
        func duration(_ key: FieldKey) throws -> Duration { .milliseconds(try fields.decode(Double.self, forKey: key)) }
        switch try fields.decode(String.self, forKey: "type") {
        case "fixed": return .fixed(try duration("ms"))
        case "uniform": return .between(try duration("minMs"), try duration("maxMs"))
        case "lognormal":
            return .lognormal(median: try duration("medianMs"), sigma: try fields.decodeIfPresent(Double.self, forKey: "sigma"),
                              cap: fields.contains("maxMs") ? try duration("maxMs") : nil)
        case let other:
            throw DecodingError.dataCorruptedError(forKey: "type", in: fields, debugDescription:
                "unknown latency type \(other); one of fixed, uniform, lognormal")
        }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}

/// The little JSON the control library writes, without a dependency.
enum JSONField: Sendable, Equatable, Encodable {
    case text(String)
    case number(Double)
    case flag(Bool)
    case list([JSONField])
    case object([String: JSONField])

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .flag(let flag): try container.encode(flag)
        case .number(let number):
            // `JSONValue.whole(_:)`'s rule; StubControl links nothing else (a UI-test target takes it alone).
            if number.rounded() == number, abs(number) < 1e15 { try container.encode(Int(number)) } else { try container.encode(number) }
        case .list(let list): try container.encode(list)
        case .object(let object): try container.encode(object)
        }
    }
}

/// A field of the admin API's JSON, by name, so that decoding can list the fields it was given.
struct FieldKey: CodingKey, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init(stringLiteral value: String) { stringValue = value }

    /// Throws when `container` has fields not in `known`, naming each of them (in name order: a
    /// decoder's keys come in no fixed order) and the fields there are.
    static func refuseUnknown(in container: KeyedDecodingContainer<FieldKey>, known: [String]) throws {
        let unknown = container.allKeys.filter { !known.contains($0.stringValue) }.sorted { $0.stringValue < $1.stringValue }
        guard let first = unknown.first else { return }
        throw DecodingError.dataCorruptedError(forKey: first, in: container, debugDescription:
            "unknown field\(unknown.count == 1 ? "" : "s") \(unknown.map(\.stringValue).joined(separator: ", ")); "
                + "fields: \(known.joined(separator: ", "))")
    }
}
