import Atomics
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOConcurrencyHelpers

/// Hands a request for an in-process stub's host to that stub, without a socket. URLSession
/// creates it from `InProcessStub.configuration`; a request for any other host is not its.
final class StubURLProtocol: URLProtocol {
    /// The task finishing an answer that waits. URLSession calls `startLoading` and `stopLoading`
    /// on one thread (Darwin: the loading thread) or one serial queue (Linux: the session's work
    /// queue), so it needs no lock (a lock was an allocation on every request).
    private var work: Task<Void, Never>?
    /// The stub's answer, decided when URLSession created the protocol (`init`), or nil when it
    /// is decided in `startLoading`; taken out there.
    private var decidedEarly: Decision?
    /// True from `init` until `startLoading` has done its part on URLSession's queue (`unstarted`).
    private var counted = true

    /// Requests, across stubs, whose protocol is made and whose `startLoading` has not yet run
    /// its part on URLSession's queue: more than none means requests are coming several at once,
    /// and `NothingStoredCache` then has the next ones decided off that queue.
    static let unstarted = ManagedAtomic(0)

    /// What a request came to: a failure before the stub saw it, or the stub's start.
    private enum Decision {
        case failed(URLError)
        case started(InProcessExchange.Start, InProcessTarget)
    }

    // The stub decides as soon as URLSession creates the protocol. With a URL cache (a team's own
    // `.ephemeral` session), swift-corelibs-foundation creates it on a thread of its own once the
    // cache lookup ends, and only `startLoading` runs on the session's one serial queue, which
    // every task of the session shares: the engine's work then leaves that queue, and parallel
    // requests are decided in parallel. Without a cache both run on that queue, one after the other.
    #if canImport(FoundationNetworking)
    required init(request: URLRequest, cachedResponse: CachedURLResponse?, client: (any URLProtocolClient)?) {
        Self.unstarted.wrappingIncrement(ordering: .relaxed)
        decidedEarly = Self.decideEarly(request)
        super.init(request: request, cachedResponse: cachedResponse, client: client)
    }
    #else
    override init(request: URLRequest, cachedResponse: CachedURLResponse?, client: (any URLProtocolClient)?) {
        Self.unstarted.wrappingIncrement(ordering: .relaxed)
        decidedEarly = Self.decideEarly(request)
        super.init(request: request, cachedResponse: cachedResponse, client: client)
    }
    #endif

    /// Whether the request's host has an in-process stub's shape, read from the URL's text with no
    /// lock: URLSession asks for every request, and the table is read once, when the request is
    /// decided. A request for a stub that is gone is still this protocol's, and fails saying so.
    override class func canInit(with request: URLRequest) -> Bool {
        request.url.map(InProcessHosts.isStubHost) ?? false
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    /// The decision for a request that can be decided before its task is known: one with a body,
    /// or a `GET` or `HEAD`. A request without a body whose method may carry one may be an upload
    /// task's, whose body never reaches the protocol (see `startLoading`): it waits for the task.
    private static func decideEarly(_ request: URLRequest) -> Decision? {
        let method = request.httpMethod ?? "GET"
        guard hasBody(request) || method == "GET" || method == "HEAD" else { return nil }
        return decide(request)
    }

    /// Finds the request's stub, and asks it unless it is gone or offline.
    private static func decide(_ request: URLRequest) -> Decision {
        guard let url = request.url, let located = InProcessHosts.shared.locate(url) else {
            let reason = "no in-process stub answers for \(request.url?.host ?? "this URL") any more: the InProcessStub that owned it is gone"
            return .failed(URLError(.cannotConnectToHost, userInfo: [NSLocalizedDescriptionKey: reason]))
        }
        let stub = located.target
        if stub.isOffline { return .failed(URLError(.notConnectedToInternet)) }
        return .started(stub.exchange.start(request, url: url, at: located, body: body(of: request)), stub)
    }

    /// A protocol URLSession made but never started (its task was cancelled first) is counted out here.
    deinit {
        if counted { Self.unstarted.wrappingDecrement(ordering: .relaxed) }
    }

    override func startLoading() {
        defer {
            counted = false
            Self.unstarted.wrappingDecrement(ordering: .relaxed)
        }
        let loader = Loader(self)
        let decision: Decision
        if let early = decidedEarly.take() {
            decision = early
        } else {
            let request = self.request
            if !Self.hasBody(request), task is URLSessionUploadTask {
                // URLSession keeps an upload task's body to itself: no URLProtocol can read it.
                let reason = "an upload task's body never reaches a URLProtocol; send it as the request's httpBody with data(for:)"
                loader.fail(URLError(.unsupportedURL, userInfo: [NSLocalizedDescriptionKey: reason]))
                return
            }
            decision = Self.decide(request)
        }
        // Most answers need no wait: they are delivered here, on the thread URLSession called
        // this on (swift-corelibs-foundation's URLSession reads its task table when a client is
        // called, and that table belongs to this queue), as fast as a protocol can answer.
        let pending: InProcessExchange.Pending, stub: InProcessTarget
        switch decision {
        case .failed(let error):
            loader.fail(error)
            return
        case .started(.now(let answer), _):
            loader.deliver(answer)
            return
        case .started(.later(let later), let target):
            (pending, stub) = (later, target)
        }
        // A delay, a drop, a paced body or an admin call finishes on a task of its own. (Waiting
        // for it here, on URLSession's queue, deadlocks: the task may need that queue's thread.)
        // On Linux, URLSession's task table is then read from the task's thread, which can race
        // with other requests on the same session: see Docs/UITests.md.
        let task = Task {
            let answer = await stub.exchange.finish(pending)
            guard !Task.isCancelled else { return }
            loader.deliver(answer)
        }
        work = task
    }

    override func stopLoading() {
        work?.cancel()
    }

    /// Tells URLSession what happened, from the task that answered.
    private struct Loader: @unchecked Sendable {
        let owner: StubURLProtocol

        init(_ owner: StubURLProtocol) {
            self.owner = owner
        }

        func fail(_ error: URLError) {
            owner.client?.urlProtocol(owner, didFailWithError: error)
        }

        func deliver(_ answer: InProcessExchange.Answer) {
            if let response = answer.response {
                owner.client?.urlProtocol(owner, didReceive: response, cacheStoragePolicy: .notAllowed)
            }
            if !answer.body.isEmpty { owner.client?.urlProtocol(owner, didLoad: answer.body) }
            if let failure = answer.failure {
                owner.client?.urlProtocol(owner, didFailWithError: failure)
            } else {
                owner.client?.urlProtocolDidFinishLoading(owner)
            }
        }
    }

    /// Whether the request carries a body the protocol can read (as `httpBody` or a stream).
    static func hasBody(_ request: URLRequest) -> Bool {
        request.httpBody != nil || request.httpBodyStream != nil
    }

    /// The request's body: URLSession hands a custom protocol `httpBody` as a stream on Apple
    /// platforms, so both are read.
    static func body(of request: URLRequest) -> Data {
        if let body = request.httpBody { return body }
        guard let stream = request.httpBodyStream else { return Data() }
        stream.open()
        defer { stream.close() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let read = stream.read(&buffer, maxLength: buffer.count)
            if read <= 0 { break }
            data.append(buffer, count: read)
        }
        return data
    }
}

/// What a request for one stub's host reaches: its exchange and its offline switch. The table
/// holds this, not the `InProcessStub`: the stub owns it and takes it out of the table when it
/// goes, so the table needs no weak reference (loading one, and the side table that a weakly
/// referenced object's every retain then goes through, cost on each request).
final class InProcessTarget: Sendable {
    let exchange: InProcessExchange
    private let offline = NIOLockedValueBox(false)

    init(exchange: InProcessExchange) {
        self.exchange = exchange
    }

    var isOffline: Bool {
        get { offline.withLockedValue { $0 } }
        set { offline.withLockedValue { $0 = newValue } }
    }
}

/// Which in-process stub answers for which host. Each `InProcessStub` has a host of its own,
/// `<16 hex digits>.stubbank.invalid`, so tests in parallel never share one, and a stub that is
/// gone takes its host with it. (`.invalid` never resolves: a request that escapes fails at once.)
/// The digits are the stub's id in the table.
final class InProcessHosts: Sendable {
    static let shared = InProcessHosts()

    private let table = NIOLockedValueBox<[UInt64: InProcessTarget]>([:])

    func add(_ target: InProcessTarget, id: UInt64) {
        table.withLockedValue { $0[id] = target }
    }

    func remove(id: UInt64) {
        table.withLockedValue { _ = $0.removeValue(forKey: id) }
    }

    /// The live stub for `url`, with what the engine hears of the URL: its authority and its
    /// request target, cut from the URL's text in the same pass that finds the stub's id (asking
    /// `URL` for its host, port, path and query parsed it four more times). The id is read in
    /// place: building the host as a string, and hashing it, cost a tenth of the protocol's own
    /// time per request (Benchmarks/README.md).
    func locate(_ url: URL) -> Located? {
        var text = url.absoluteString
        guard let (id, authority, requestTarget) = text.withUTF8({ buffer -> (UInt64, String, String)? in
            guard let parts = Self.parts(inURL: buffer) else { return nil }
            func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self) }
            let target = text(parts.target)
            return (parts.id, text(parts.authority), target.hasPrefix("/") ? target : "/" + target)
        }), let target = table.withLockedValue({ $0[id] }) else { return nil }
        return Located(target: target, authority: authority, requestTarget: requestTarget)
    }

    /// A live stub and what the engine hears of the URL that reached it.
    struct Located {
        let target: InProcessTarget
        /// The host and port as written, what a client would send as `Host` (the admin API
        /// compares a browser's `Origin` with it): not percent-decoded, and without any user.
        let authority: String
        /// The path (`/` when there is none) and query as they would go on the wire, still
        /// percent-encoded: the engine decodes each parameter once, as it does for a socket's
        /// request line. No fragment.
        let requestTarget: String
    }

    /// Whether `url`'s host has a stub's shape, live or gone: `canInit`'s question.
    static func isStubHost(_ url: URL) -> Bool {
        var text = url.absoluteString
        return text.withUTF8 { parts(inURL: $0) } != nil
    }

    private static let suffixText = ".stubbank.invalid"
    private static let suffix = Array(suffixText.utf8)
    private static let idDigits = 16

    /// `<16 hex digits>.stubbank.invalid`, the digits in lower case.
    static func host(id: UInt64) -> String {
        let digits = String(id, radix: 16)
        return String(repeating: "0", count: idDigits - digits.count) + digits + suffixText
    }

    /// The id in a URL whose host is a stub's, in any case, with or without user, port, path,
    /// query or fragment, with where its authority (host and port) and its request target (path
    /// and query) lie in the text; nil for any other URL. The host is read as written
    /// (percent-encoded text is not a stub's host).
    static func parts(inURL text: UnsafeBufferPointer<UInt8>) -> (id: UInt64, authority: Range<Int>, target: Range<Int>)? {
        let slash = UInt8(ascii: "/")
        // The authority follows the scheme's `://` and ends where the path, query or fragment starts.
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")), colon + 2 < text.count,
              text[colon + 1] == slash, text[colon + 2] == slash else { return nil }
        let authorityStart = colon + 3
        var authorityEnd = authorityStart
        while authorityEnd < text.count, text[authorityEnd] != slash, text[authorityEnd] != UInt8(ascii: "?"),
              text[authorityEnd] != UInt8(ascii: "#") {
            authorityEnd += 1
        }
        // The host follows any user (up to the last `@`) and ends at the port.
        var hostStart = authorityStart
        for index in authorityStart..<authorityEnd where text[index] == UInt8(ascii: "@") { hostStart = index + 1 }
        var hostEnd = hostStart
        while hostEnd < authorityEnd, text[hostEnd] != UInt8(ascii: ":") { hostEnd += 1 }
        guard hostEnd - hostStart == idDigits + suffix.count else { return nil }
        func lowercased(_ byte: UInt8) -> UInt8 {
            byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        }
        for (offset, expected) in suffix.enumerated() where lowercased(text[hostStart + idDigits + offset]) != expected {
            return nil
        }
        var id: UInt64 = 0
        for index in hostStart..<(hostStart + idDigits) {
            let byte = lowercased(text[index])
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            id = id << 4 | UInt64(digit)
        }
        var targetEnd = authorityEnd
        while targetEnd < text.count, text[targetEnd] != UInt8(ascii: "#") { targetEnd += 1 }
        return (id, hostStart..<authorityEnd, authorityEnd..<targetEnd)
    }
}
