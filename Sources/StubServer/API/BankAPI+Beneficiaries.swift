extension BankAPI {
    static func beneficiaryRoutes() -> [Route] {
        [
            Route("GET /v1/beneficiaries", "listBeneficiaries", "Saved payees") { call throws(APIError) in
                .json(WireList(data: try await call.bank.beneficiaries(call.customer)))
            },
            Route("POST /v1/beneficiaries", "createBeneficiary", "Save a payee; the IBAN is checksum-validated", body: true) { call throws(APIError) in
                var body = try WireJSON.decodeBody(WireNewBeneficiary.self, from: call.request.body)
                body.name = body.name.trimmingCharacters(in: .whitespaces)
                var details: [WireErrorDetail] = []
                if body.name.isEmpty || body.name.count > 70 {
                    details.append(.init(code: "invalid_length", path: "name", message: "name must be 1 to 70 characters"))
                }
                if !IBAN.isValid(body.iban) {
                    details.append(.init(code: "invalid_iban", path: "iban", message: "iban is not a valid IBAN"))
                }
                if let reference = body.reference, reference.count > 140 {
                    details.append(.init(code: "invalid_length", path: "reference", message: "reference must be at most 140 characters"))
                }
                guard details.isEmpty else { throw APIError.validation("The beneficiary is not valid.", details: details) }
                return .json(try await call.bank.addBeneficiary(call.customer, body), status: .created)
            },
            Route("DELETE /v1/beneficiaries/{beneficiaryId}", "deleteBeneficiary", "Remove a saved payee") { call throws(APIError) in
                try await call.bank.deleteBeneficiary(call.customer, id: call.request.parameter("beneficiaryId"))
                return .noContent
            },
        ]
    }
}

import Foundation
