import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A phone's view of the stub: URLSession over a real socket.
struct LiveClient {
    let port: Int

    /// The outcome: a response and body, or the URLError a phone app would get.
    enum Outcome {
        case response(HTTPURLResponse, Data)
        case failure(URLError)
        case other(any Error)

        var urlErrorCode: URLError.Code? {
            if case .failure(let error) = self { return error.code }
            return nil
        }

        var status: Int? {
            if case .response(let response, _) = self { return response.statusCode }
            return nil
        }

        var body: Data? {
            if case .response(_, let data) = self { return data }
            return nil
        }
    }

    func get(_ path: String, headers: [String: String] = [:], timeout: TimeInterval = 10) async -> Outcome {
        await send("GET", path, headers: headers, timeout: timeout)
    }

    func send(_ method: String, _ path: String, json: String? = nil, headers: [String: String] = [:],
              timeout: TimeInterval = 10) async -> Outcome {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        request.timeoutInterval = timeout
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        do {
            let (data, response) = try await session.data(for: request)
            guard let http = response as? HTTPURLResponse else { return .other(URLError(.badServerResponse)) }
            return .response(http, data)
        } catch let error as URLError {
            return .failure(error)
        } catch {
            return .other(error)
        }
    }
}

/// One request written byte for byte on a plain socket, for what URLSession will not send.
enum RawHTTP {
    struct Failure: Error { let step: String }

    /// `exchange` on a thread of its own: its blocking reads must not hold one of the few
    /// threads Swift concurrency has, which the stub under test needs to answer at all.
    static func exchange(port: Int, request: String, timeout: Int = 10, until end: String? = nil) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try blockingExchange(port: port, request: request, timeout: timeout, until: end) })
            }
        }
    }

    /// A TCP socket connected to the stub on 127.0.0.1; the caller closes it.
    static func connectedSocket(port: Int) throws -> Int32 {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(step: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw Failure(step: "connect")
        }
        return fd
    }

    /// Sends `request` and reads until the server closes, or fails once `timeout` seconds have
    /// passed in all, so a server that never closes, or dribbles bytes forever, cannot hang the test.
    static func blockingExchange(port: Int, request: String, timeout: Int, readAnswer: Bool = true, until end: String? = nil) throws -> String {
        let fd = try connectedSocket(port: port)
        defer { close(fd) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == bytes.count else { throw Failure(step: "send") }
        guard readAnswer else { return "" }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(TimeInterval(timeout))
        while true {
            let left = deadline.timeIntervalSinceNow
            let count: Int
            if left > 0 {
                var wait = timeval(tv_sec: Int(left), tv_usec: .init((left - left.rounded(.down)) * 1_000_000))
                if wait.tv_sec == 0 && wait.tv_usec == 0 { wait.tv_usec = 1 }
                setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
                count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            } else {
                count = -1
            }
            if count < 0 { throw Failure(step: "no answer within \(timeout) s; received so far: \(String(decoding: received, as: UTF8.self))") }
            if count == 0 { break }
            received += buffer[0..<count]
            // A kept-alive answer ends with a known tail (the last chunk, say), not with a close.
            if let end, received.count >= end.utf8.count, received.suffix(end.utf8.count).elementsEqual(end.utf8) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }
}

extension RawHTTP {
    /// Sends `request` and closes at once without reading: a client that gives up.
    static func sendAndClose(port: Int, request: String) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread.detachNewThread {
                continuation.resume(with: Result {
                    // A zero-second read timeout would mean "no timeout"; the read is skipped anyway.
                    _ = try? blockingExchange(port: port, request: request, timeout: 0, readAnswer: false)
                })
            }
        }
    }
}

extension RawHTTP {
    /// A client that writes its whole request before it reads a byte, as Python's `urllib` does:
    /// sends `head`, then `bodyBytes` bytes of body (chunked when `chunked`), then reads one
    /// answer: up to the close, or to the end of its `Content-Length` body on a kept-alive
    /// connection. Writing fails after `timeout` seconds without progress, and reading after
    /// `timeout` seconds in all, so a server that stops reading fails the test instead of hanging it.
    static func uploadThenRead(port: Int, head: String, bodyBytes: Int, chunked: Bool, timeout: Int = 20) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result {
                    try blockingUpload(port: port, head: head, bodyBytes: bodyBytes, chunked: chunked, timeout: timeout)
                })
            }
        }
    }

    private static func blockingUpload(port: Int, head: String, bodyBytes: Int, chunked: Bool, timeout: Int) throws -> String {
        let fd = try connectedSocket(port: port)
        defer { close(fd) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))

        func sendAll(_ bytes: [UInt8]) throws {
            var offset = 0
            while offset < bytes.count {
                let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard sent > 0 else {
                    throw Failure(step: "the server stopped reading after \(offset) bytes of a \(bytes.count)-byte write (errno \(errno))")
                }
                offset += sent
            }
        }
        try sendAll(Array(head.utf8))
        let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
        var left = bodyBytes
        while left > 0 {
            let size = min(left, piece.count)
            if chunked {
                try sendAll(Array((String(size, radix: 16) + "\r\n").utf8) + piece[0..<size] + Array("\r\n".utf8))
            } else {
                try sendAll(Array(piece[0..<size]))
            }
            left -= size
        }
        if chunked { try sendAll(Array("0\r\n\r\n".utf8)) }

        return try readAnswer(fd, timeout: timeout)
    }

    /// Reads one answer: up to the close, or to the end of its `Content-Length` body on a
    /// kept-alive connection (no body after a HEAD, a 204 or a 304); fails after `timeout` seconds.
    static func readAnswer(_ fd: Int32, timeout: Int, bodyless: Bool = false) throws -> String {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(TimeInterval(timeout))
        while Date() < deadline {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 { break }
            if count == 0 { return String(decoding: received, as: UTF8.self) }
            received += buffer[0..<count]
            let text = String(decoding: received, as: UTF8.self)
            if let split = text.range(of: "\r\n\r\n"),
               let length = bodyless || text.hasPrefix("HTTP/1.1 204") || text.hasPrefix("HTTP/1.1 304") ? 0
                   : text[..<split.lowerBound].split(separator: "\r\n")
                   .first(where: { $0.lowercased().hasPrefix("content-length:") })
                   .flatMap({ Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }),
               text.utf8.count - text[..<split.upperBound].utf8.count >= length {
                return text
            }
        }
        throw Failure(step: "no whole answer within \(timeout) s; received so far: \(String(decoding: received, as: UTF8.self))")
    }

    /// Runs blocking socket work on a thread of its own (see `exchange`).
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }
}

/// One kept-alive connection, used from one thread: each `exchange` writes one request and reads
/// exactly its answer, so the next request goes on the same connection.
final class KeepAliveConnection {
    private let fd: Int32
    private let timeout: Int

    init(port: Int, timeout: Int = 10) throws {
        fd = try RawHTTP.connectedSocket(port: port)
        self.timeout = timeout
        // Reads and writes both give up after `timeout` seconds without progress.
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Writes `request` and returns its answer; `bodyless` for the answer to a HEAD.
    func exchange(_ request: String, bodyless: Bool = false) throws -> String {
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else {
            throw RawHTTP.Failure(step: "send")
        }
        return try RawHTTP.readAnswer(fd, timeout: timeout, bodyless: bodyless)
    }
}
