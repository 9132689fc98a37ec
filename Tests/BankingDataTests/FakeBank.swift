import BankingData
import Crypto
import Foundation

let testKey = "test-signing-key"

/// Builds signed responses the way the stub does, so the signature middleware accepts them.
enum FakeBank {
    static func signed(_ status: Int, _ json: String, headers: [String: String] = [:], contentType: String = "application/json") -> HTTPResponseData {
        let body = Data(json.utf8)
        let signature = HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: Data(testKey.utf8)))
            .map { String(format: "%02x", $0) }.joined()
        var all = headers
        all["X-Signature"] = signature
        all["Content-Type"] = contentType
        return HTTPResponseData(status: status, headers: all, body: body)
    }

    static func error(_ status: Int, code: String, path: String = "", headers: [String: String] = [:]) -> HTTPResponseData {
        signed(status, #"{"error":{"type":"t","code":"\#(code)","message":"m","displayMessage":"d","requestId":"r","retryable":false,"details":[{"code":"c","path":"\#(path)","message":"detail"}]}}"#,
               headers: headers)
    }

    static let token = #"{"access_token":"fresh","refresh_token":"rt2","token_type":"Bearer","expires_in":900}"#
    static let profile = #"{"id":"cus","username":"alex","firstName":"Alex","lastName":"Morgan","email":"a@example.com","phone":"1","locale":"de-DE","customerSince":"2019-04-02"}"#
}

/// Counts calls by path, safe across tasks.
actor CallLog {
    private(set) var calls: [String] = []
    func record(_ request: HTTPRequestData) { calls.append("\(request.method) \(request.path) \(request.headers["Authorization"] ?? "-")") }
    func count(_ prefix: String) -> Int { calls.filter { $0.hasPrefix(prefix) }.count }
}
