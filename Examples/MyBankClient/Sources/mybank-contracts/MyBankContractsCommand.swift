import ContractKitCommand
import MyBankContracts

@main struct MyBankContractsCommand: ContractCommandMain { static let settings = MyBankContracts().commandSettings }
