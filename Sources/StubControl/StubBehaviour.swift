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
public struct StubBehaviour: Sendable, Equatable {
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
    }

    /// How long a behaviour lasts.
    public enum Limit: Sendable, Equatable {
        /// Until it is removed or the session ends.
        case always
        /// The next N matching requests, then it retires.
        case requests(Int)
        /// This many seconds (1 to 86,400), then it retires.
        case seconds(Double)
    }

    /// Which requests: `"GET /v1/accounts"`, `"* /v1/**"`, or a bare path for any method.
    public var route: String
    /// Routes left alone, in the same form.
    public var except: [String] = []
    /// Answer with this status (and the stub's error envelope for 4xx and 5xx).
    public var status: Int?
    /// Headers added to the answer, such as `Retry-After`.
    public var headers: [String: String] = [:]
    /// Wait before answering.
    public var delay: Delay?
    /// Drop, cut or garble the answer instead.
    public var fault: Fault?
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
        if !headers.isEmpty { object["headers"] = .object(headers.mapValues(JSONField.text)) }
        switch delay {
        case .fixed(let duration)?: object["latency"] = .object(["type": .text("fixed"), "ms": .number(Self.milliseconds(duration))])
        case .between(let low, let high)?:
            object["latency"] = .object(["type": .text("uniform"), "minMs": .number(Self.milliseconds(low)),
                                         "maxMs": .number(Self.milliseconds(high))])
        case nil: break
        }
        if let fault { object["fault"] = .text(fault.rawValue) }
        switch limit {
        case .always: break
        case .requests(let count): object["times"] = .number(Double(count))
        case .seconds(let seconds): object["expiresInSeconds"] = .number(seconds)
        }
        if let note { object["note"] = .text(note) }
        return object
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}

/// The little JSON the control library writes, without a dependency.
enum JSONField: Sendable, Equatable, Encodable {
    case text(String)
    case number(Double)
    case list([JSONField])
    case object([String: JSONField])

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .number(let number):
            if number.rounded() == number, abs(number) < 1e15 { try container.encode(Int(number)) } else { try container.encode(number) }
        case .list(let list): try container.encode(list)
        case .object(let object): try container.encode(object)
        }
    }
}
