import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOConcurrencyHelpers

/// Hands a request for an in-process stub's host to that stub, without a socket. URLSession
/// creates it from `InProcessStub.configuration`; a request for any other host is not its.
final class StubURLProtocol: URLProtocol {
    private let work = NIOLockedValueBox<Task<Void, Never>?>(nil)

    /// Whether the request's host has an in-process stub's shape, read from the URL's text with no
    /// lock: URLSession asks for every request, and the table is read once, in `startLoading`.
    /// A request for a stub that is gone is still this protocol's, and fails there saying so.
    override class func canInit(with request: URLRequest) -> Bool {
        request.url.map(InProcessHosts.isStubHost) ?? false
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        let request = self.request
        guard let url = request.url, let stub = InProcessHosts.shared.target(for: url) else {
            let reason = "no in-process stub answers for \(request.url?.host ?? "this URL") any more: the InProcessStub that owned it is gone"
            client?.urlProtocol(self, didFailWithError: URLError(.cannotConnectToHost, userInfo: [NSLocalizedDescriptionKey: reason]))
            return
        }
        if request.httpBody == nil, request.httpBodyStream == nil, task is URLSessionUploadTask {
            // URLSession keeps an upload task's body to itself: no URLProtocol can read it.
            let reason = "an upload task's body never reaches a URLProtocol; send it as the request's httpBody with data(for:)"
            client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL, userInfo: [NSLocalizedDescriptionKey: reason]))
            return
        }
        let loader = Loader(self)
        if stub.isOffline {
            loader.fail(URLError(.notConnectedToInternet))
            return
        }
        // Most answers need no wait: they are delivered here, on the thread URLSession called
        // this on (swift-corelibs-foundation's URLSession reads its task table when a client is
        // called, and that table belongs to this queue), as fast as a protocol can answer.
        let pending: InProcessExchange.Pending
        switch stub.exchange.start(request, body: Self.body(of: request)) {
        case .now(let answer):
            loader.deliver(answer)
            return
        case .later(let later):
            pending = later
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
        work.withLockedValue { $0 = task }
    }

    override func stopLoading() {
        work.withLockedValue { $0?.cancel() }
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

    /// The live stub's target for `url`'s host, read once per request (in `startLoading`). The
    /// id is read from the URL's text in place: building the host as a string, and hashing it,
    /// cost a tenth of the protocol's own time per request (Benchmarks/README.md).
    func target(for url: URL) -> InProcessTarget? {
        guard let id = Self.id(in: url) else { return nil }
        return table.withLockedValue { $0[id] }
    }

    /// Whether `url`'s host has a stub's shape, live or gone: `canInit`'s question.
    static func isStubHost(_ url: URL) -> Bool {
        id(in: url) != nil
    }

    private static func id(in url: URL) -> UInt64? {
        var text = url.absoluteString
        return text.withUTF8 { id(inURL: $0) }
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
    /// query or fragment; nil for any other URL. The host is read as written (percent-encoded
    /// text is not a stub's host).
    static func id(inURL text: UnsafeBufferPointer<UInt8>) -> UInt64? {
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
        return id
    }
}
