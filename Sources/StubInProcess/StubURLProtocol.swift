import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOConcurrencyHelpers

/// Hands a request for an in-process stub's host to that stub, without a socket. URLSession
/// creates it from `InProcessStub.configuration`; a request for any other host is not its.
final class StubURLProtocol: URLProtocol {
    private let work = NIOLockedValueBox<Task<Void, Never>?>(nil)

    override class func canInit(with request: URLRequest) -> Bool {
        request.url.flatMap { InProcessHosts.shared.stub(for: $0) } != nil
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        let request = self.request
        guard let url = request.url, let stub = InProcessHosts.shared.stub(for: url) else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotConnectToHost))
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

/// Which in-process stub answers for which host. Each `InProcessStub` has a host of its own,
/// `<random>.stubbank.invalid`, so tests in parallel never share one, and a stub that is gone
/// takes its host with it. (`.invalid` never resolves: a request that escapes fails at once.)
final class InProcessHosts: Sendable {
    static let shared = InProcessHosts()

    private let table = NIOLockedValueBox<[String: WeakStub]>([:])

    private struct WeakStub {
        weak var stub: InProcessStub?
    }

    func add(_ stub: InProcessStub, host: String) {
        table.withLockedValue { table in
            table = table.filter { $0.value.stub != nil }
            table[host] = WeakStub(stub: stub)
        }
    }

    func remove(host: String) {
        table.withLockedValue { _ = $0.removeValue(forKey: host) }
    }

    /// URLSession asks this twice per request (`canInit`, then `startLoading`), so it reads the
    /// host as written (`host` would percent-decode it) and lowercases only a host that needs it.
    func stub(for url: URL) -> InProcessStub? {
        guard var host = url.host(percentEncoded: true) else { return nil }
        if host.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) { host = host.lowercased() }
        guard host.hasSuffix(".stubbank.invalid") else { return nil }
        return table.withLockedValue { $0[host]?.stub }
    }
}
