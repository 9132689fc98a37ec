import Foundation
import HTTPTypes
package import StubEngine

extension BankAPI {
    package static func transferRoutes() -> [Route] {
        [
            Route("POST /v1/transfers", "createTransfer",
                  "Send money to a beneficiary; needs an Idempotency-Key", body: true) { call throws(APIError) in
                guard let key = call.request.headers[HTTPField.Name("Idempotency-Key")!], !key.isEmpty else {
                    throw APIError(status: .badRequest, type: "invalid_request", code: "idempotency_key_required",
                                   message: "POST /v1/transfers needs an Idempotency-Key header (a UUID is ideal).",
                                   displayMessage: "Something went wrong. Please try again.",
                                   details: [WireErrorDetail(code: "required", path: "Idempotency-Key", message: "header is required")])
                }
                guard key.unicodeScalars.count <= 255, key.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
                    throw APIError.field("Idempotency-Key", "Idempotency-Key must be 1 to 255 visible ASCII characters")
                }
                let body = try WireJSON.decodeBody(WireTransferRequest.self, from: call.request.body, fields: WireTransferRequest.fields)
                try validate(body)
                let outcome = try call.bank.submitTransfer(call.customer, idempotencyKey: key, request: body)
                var response = StubResponse.json(outcome.transfer, status: .created)
                if outcome.replayed { response.headers[HTTPField.Name("Idempotent-Replayed")!] = "true" }
                return response
            },
            Route("GET /v1/transfers/{transferId}", "getTransfer", "One transfer") { call throws(APIError) in
                .json(try call.bank.transfer(call.customer, id: call.request.parameter("transferId")))
            },
        ]
    }

    package static func validate(_ body: WireTransferRequest) throws(APIError) {
        var details: [WireErrorDetail] = []
        if body.fromAccountId.isEmpty { details.append(.init(code: "required", path: "fromAccountId", message: "fromAccountId is required")) }
        if body.beneficiaryId.isEmpty { details.append(.init(code: "required", path: "beneficiaryId", message: "beneficiaryId is required")) }
        if !isPositiveAmountText(body.amount.amount) {
            details.append(.init(code: "invalid_decimal", path: "amount.amount",
                                 message: "amount must be a decimal string with at most 2 decimals, such as \"12.30\""))
        }
        if body.amount.currency.unicodeScalars.count != 3 || !body.amount.currency.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) {
            details.append(.init(code: "invalid_currency", path: "amount.currency", message: "currency must be an ISO 4217 code such as EUR"))
        }
        if let reference = body.reference, reference.unicodeScalars.count > 140 {
            details.append(.init(code: "invalid_length", path: "reference", message: "reference must be at most 140 characters"))
        }
        guard details.isEmpty else { throw APIError.validation("The transfer is not valid.", details: details) }
        // Well-formed but refused by a rule: 422, like every other business rule.
        if body.amount.decimal == 0 {
            throw APIError.businessRule("amount_not_positive", "The amount must be greater than zero.",
                                        display: "Please enter an amount greater than zero.", path: "amount.amount")
        }
        let fraction = body.amount.amount.split(separator: ".").dropFirst().first?.count ?? 0
        if fraction > WireMoney.minorUnits(of: body.amount.currency) {
            throw APIError.businessRule("amount_too_precise",
                "\(body.amount.currency) has \(WireMoney.minorUnits(of: body.amount.currency)) decimal places.",
                                        display: "Please enter a whole amount in \(body.amount.currency).", path: "amount.amount")
        }
    }

    /// The contract's `^[0-9]{1,12}(\.[0-9]{1,2})?$`.
    package static func isPositiveAmountText(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, (1...12).contains(parts[0].count),
              parts[0].unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else { return false }
        if parts.count == 2 {
            return (1...2).contains(parts[1].count) && parts[1].unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
        }
        return true
    }
}
