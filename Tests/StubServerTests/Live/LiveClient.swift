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
