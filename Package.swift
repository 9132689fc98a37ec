// swift-tools-version: 6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "StubBank",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "stubbank", targets: ["stubbank"]),
        // `stubbank serve` alone: the server without the harness, stores, importers or recorder.
        .executable(name: "stubbank-server", targets: ["stubbank-server"]),
        .library(name: "BankingDomain", targets: ["BankingDomain"]),
        .library(name: "BankingData", targets: ["BankingData"]),
        .library(name: "BankingPresentation", targets: ["BankingPresentation"]),
        .library(name: "StubFormats", targets: ["StubFormats"]),
        .library(name: "StubOpenAPI", targets: ["StubOpenAPI"]),
        .library(name: "StubEngine", targets: ["StubEngine"]),
        .library(name: "BuiltInBank", targets: ["BuiltInBank"]),
        .library(name: "StubControl", targets: ["StubControl"]),
        .library(name: "StubInProcess", targets: ["StubInProcess"]),
        .library(name: "StubServer", targets: ["StubServer"]),
        .library(name: "StubServerTesting", targets: ["StubServerTesting"]),
        .library(name: "StubImport", targets: ["StubImport"]),
        .library(name: "StubRecord", targets: ["StubRecord"]),
        .library(name: "StubCompat", targets: ["StubCompat"]),
        .library(name: "ContractKit", targets: ["ContractKit"]),
        .library(name: "ContractStore", targets: ["ContractStore"]),
        .library(name: "TeamStore", targets: ["TeamStore"]),
        .library(name: "ContractKitCommand", targets: ["ContractKitCommand"]),
        .library(name: "ContractTesting", targets: ["ContractTesting"]),
        .library(name: "ContractTestingHost", targets: ["ContractTestingHost"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-atomics.git", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
    ],
    targets: [
        // The console's page, style sheet and script are real files, embedded at build time.
        .executableTarget(name: "EmbedAssets", path: "Tools/EmbedAssets"),
        .plugin(name: "EmbedConsoleAssets", capability: .buildTool(), dependencies: ["EmbedAssets"],
                path: "Plugins/EmbedConsoleAssets"),
        // The reference client core: Foundation only.
        .target(name: "BankingDomain", swiftSettings: strictSettings),
        .target(
            name: "BankingData",
            dependencies: ["BankingDomain", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictSettings
        ),
        .target(name: "BankingPresentation", dependencies: ["BankingDomain"], swiftSettings: strictSettings),
        // The formats every tool reads: JSON values and YAML line numbers. Foundation and Yams only,
        // so that ContractKit and a team's test target can use them without the server.
        .target(
            name: "StubFormats",
            dependencies: [.product(name: "Yams", package: "Yams")],
            swiftSettings: strictSettings
        ),
        // An OpenAPI document read once and typed (`OpenAPISource`, `OpenAPIOperation`,
        // `OpenAPISchema`): YAML or JSON, a byte-order mark, references into other files brought
        // in; and the one JSON Schema validator. The importer, request validation, `verify` and
        // `compat` all read through it. No server in it.
        .target(
            name: "StubOpenAPI",
            dependencies: [
                "StubFormats",
                .product(name: "Yams", package: "Yams"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // `stubbank compat`: two OpenAPI documents walked in step, each change classed for the
        // client that sends requests and reads responses, and weighed against what the releases'
        // contract runs used (ContractKit's `OperationUse`). No server in it.
        .target(
            name: "StubCompat",
            dependencies: ["StubFormats", "StubOpenAPI", "ContractKit"],
            swiftSettings: strictSettings
        ),
        // The engine: decides every answer once (`Engine.answer`) for the three transports, with
        // route files, templates, behaviours, sessions, the journal and route sources behind a
        // protocol. It knows nothing of banking, Hummingbird, NIO's channels or sockets.
        .target(
            name: "StubEngine",
            dependencies: [
                "StubFormats", "StubOpenAPI",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Atomics", package: "swift-atomics"),
            ],
            swiftSettings: strictSettings
        ),
        // The built-in bank: its state, personas, API and wire types, served to the engine as a
        // route source (`BankRouteSource`).
        .target(
            name: "BuiltInBank",
            dependencies: [
                "StubFormats",
                "StubEngine",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // A stub assembled from a stubs folder, with no transport: the engine over the route files
        // and (when asked for, as `BankModule.builtIn`) the built-in bank, scenarios and reload, the admin API's answers, and what a
        // transport does on the wire (`WireCarrier`, `StubConnection`, `StopSignal`). Shared by
        // the socket transports and the in-process one; no NIO channels, Hummingbird or plugin.
        .target(
            name: "StubRuntime",
            dependencies: [
                "StubFormats",
                "StubEngine",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // The two socket transports of the engine (the event loop and the Hummingbird path), the
        // admin API's event stream, connection limits and deadlines, the console.
        .target(
            name: "StubServer",
            dependencies: [
                "StubFormats", "StubOpenAPI",
                "StubEngine",
                "BuiltInBank",
                "StubRuntime",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Atomics", package: "swift-atomics"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            exclude: ["Console/Assets"],
            swiftSettings: strictSettings,
            plugins: ["EmbedConsoleAssets"]
        ),
        // The test-side client of the admin API (sessions, typed behaviours, journal waits):
        // Foundation only, so a UI-test target depends on it without building the server.
        .target(name: "StubControl", swiftSettings: strictSettings),
        // The stub answering URLSession inside a unit test, without a socket: the engine's third
        // transport (a URLProtocol). No NIO channels, Hummingbird, plugin or built-in bank (a test
        // that wants the bank adds BuiltInBank): a unit-test target builds the engine, the runtime
        // and Foundation (Scripts/check-apple-readiness.py).
        .target(
            name: "StubInProcess",
            dependencies: [
                "StubRuntime", "StubEngine", "StubControl",
                .product(name: "Atomics", package: "swift-atomics"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // For teams testing their own route files: a stub per test on a free port and a test
        // clock, a client that sends raw bytes, and a bounded `eventually` (as HummingbirdTesting).
        .target(
            name: "StubServerTesting",
            dependencies: [
                "StubServer", "StubEngine", "BuiltInBank", "StubInProcess", "StubControl", "StubRuntime",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StubImport",
            dependencies: ["StubFormats", "StubOpenAPI", "StubRuntime", "StubEngine", .product(name: "Yams", package: "Yams")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StubRecord",
            dependencies: [
                "StubFormats",
                "StubServer", "StubEngine", "BuiltInBank", "StubImport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // `serve`'s options and work, shared by `stubbank serve` and `stubbank-server`.
        .target(
            name: "StubServeCommand",
            dependencies: [
                "StubServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // The contract harness: a team's client registers its operations; no banking code in here.
        .target(
            name: "ContractKit",
            dependencies: [
                "StubFormats",
                "StubControl",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),
        // The run store: contract runs and case results in SQLite, their diff and their history.
        .target(
            name: "ContractStore",
            dependencies: ["ContractKit", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
        // The team store: runs from every machine in PostgreSQL (postgres-nio, only here).
        .target(
            name: "TeamStore",
            dependencies: [
                "ContractKit", "StubFormats",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // `contracts run|list`, `runs list|show|diff|push` and `team …` for any registered client.
        .target(
            name: "ContractKitCommand",
            dependencies: [
                "ContractKit",
                "ContractStore",
                "StubFormats",
                "StubServer",
                "TeamStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // One Swift Testing test per case, for a team's own test target.
        .target(
            name: "ContractTesting",
            dependencies: ["ContractKit"],
            swiftSettings: strictSettings
        ),
        // What a suite asks for when it wants the stub in its own process and the runs in SQLite:
        // `.loopback(stubs:)` and `.sqlite(_:)`. It brings the server (NIO, Hummingbird) and GRDB.
        .target(
            name: "ContractTestingHost",
            dependencies: [
                "ContractTesting", "ContractKit", "ContractStore", "StubServer",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // The reference client core, driven through ContractKit's public driver API.
        .target(
            name: "BankingContracts",
            dependencies: ["ContractKit", "BankingDomain", "BankingData", "BankingPresentation"],
            swiftSettings: strictSettings
        ),
        // The executables.
        .executableTarget(
            name: "stubbank-server",
            dependencies: ["StubServeCommand", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "stubbank",
            dependencies: [
                "StubServer",
                "StubCompat",
                "TeamStore",
                "StubEngine",
                "StubServeCommand",
                "StubImport",
                "StubRecord",
                "BankingContracts",
                "ContractKitCommand",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "bench-ceiling",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/Ceiling",
            swiftSettings: strictSettings
        ),
        // URLSession through StubInProcess against a bare URLProtocol answering the same bytes
        // (`Benchmarks/bench.sh --quick` runs it).
        .executableTarget(
            name: "bench-inprocess",
            dependencies: ["StubInProcess", "BuiltInBank", "StubEngine", "StubRuntime", .product(name: "HTTPTypes", package: "swift-http-types")],
            path: "Benchmarks/InProcess",
            swiftSettings: strictSettings
        ),
        // A second, independent client, built as the MyBank seed describes its app and driven
        // through ContractKit's public API against Examples/mybank. Targets of this package (not
        // a package of its own) so CI builds the dependencies once; see Contracts/README.md for
        // the separate-package setup a team uses.
        .target(name: "MyBankClient", path: "Examples/MyBankClient/Sources/MyBankClient", swiftSettings: strictSettings),
        .target(
            name: "MyBankContracts",
            dependencies: ["MyBankClient", "ContractKit", "ContractKitCommand"],
            path: "Examples/MyBankClient/Sources/MyBankContracts",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "mybank-contracts",
            dependencies: ["MyBankContracts", "ContractKitCommand"],
            path: "Examples/MyBankClient/Sources/mybank-contracts",
            swiftSettings: strictSettings
        ),
        // Tests, one target per library target, in the same order; each declares every module it imports
        // (Scripts/check-test-imports.py).
        .testTarget(name: "BankingDomainTests", dependencies: ["BankingDomain"], swiftSettings: strictSettings),
        .testTarget(
            name: "BankingDataTests",
            dependencies: ["BankingData", "BankingDomain", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "BankingPresentationTests", dependencies: ["BankingPresentation", "BankingDomain"], swiftSettings: strictSettings),
        .testTarget(
            name: "StubFormatsTests",
            dependencies: ["StubFormats", .product(name: "Yams", package: "Yams")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StubOpenAPITests",
            dependencies: ["StubOpenAPI", "StubFormats", .product(name: "Yams", package: "Yams")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StubCompatTests",
            dependencies: ["StubCompat", "StubOpenAPI", "ContractKit"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StubEngineTests",
            dependencies: ["StubEngine", "StubFormats", "StubOpenAPI", .product(name: "HTTPTypes", package: "swift-http-types"),
                           .product(name: "NIOConcurrencyHelpers", package: "swift-nio"), .product(name: "Yams", package: "Yams"),
                           .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "BuiltInBankTests", dependencies: ["BuiltInBank", "StubEngine"], swiftSettings: strictSettings),
        .testTarget(
            name: "StubServerTests",
            dependencies: [.product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"), 
                "StubFormats",
                "StubEngine", "StubOpenAPI", "StubRuntime",
                "BuiltInBank",
                "StubServer",
                "StubServerTesting",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StubControlTests",
            dependencies: ["StubControl", "StubServer", "StubRuntime", "StubEngine", .product(name: "Logging", package: "swift-log"),
                           .product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StubInProcessTests",
            dependencies: ["StubInProcess", "StubControl", "StubServer", "BuiltInBank", "StubEngine", "BankingData", "BankingDomain",
                           .product(name: "Logging", package: "swift-log"), .product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "StubServerTestingTests",
                    dependencies: ["StubServerTesting", "StubServer", "StubRuntime", .product(name: "HTTPTypes", package: "swift-http-types"),
                                   .product(name: "Logging", package: "swift-log")],
                    swiftSettings: strictSettings),
        .testTarget(
            name: "StubImportTests",
            dependencies: ["BuiltInBank", 
                "StubFormats",
                "StubImport", "StubServer", "StubEngine", "StubRuntime", "StubOpenAPI",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StubRecordTests",
            dependencies: [.product(name: "HTTPTypes", package: "swift-http-types"), 
                "StubFormats", "StubEngine",
                "StubRecord", "StubServer", "StubImport", "BuiltInBank",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StubServeCommandTests",
            dependencies: ["StubServeCommand", "StubEngine", "StubRuntime", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ContractKitTests",
            dependencies: ["StubFormats", .product(name: "NIOConcurrencyHelpers", package: "swift-nio"), .product(name: "Yams", package: "Yams"), 
                "ContractKit", "ContractKitCommand", "BankingContracts", "BankingDomain", "BankingData", "BankingPresentation", "StubServer",
                "StubControl",
                "StubRecord",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ContractStoreTests",
            dependencies: ["ContractStore", "ContractKit", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TeamStoreTests",
            dependencies: ["TeamStore", "ContractKit", "ContractStore", .product(name: "PostgresNIO", package: "postgres-nio"),
                           .product(name: "NIOPosix", package: "swift-nio"), .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ContractKitCommandTests",
            dependencies: [
                "ContractKitCommand", "ContractKit", "BankingContracts",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ContractTestingTests",
            dependencies: ["ContractTesting", "ContractKit", .product(name: "NIOConcurrencyHelpers", package: "swift-nio")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ContractTestingHostTests",
            dependencies: ["ContractTestingHost", "ContractTesting", "ContractKit", "ContractStore"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "BankingContractsTests", dependencies: ["BankingContracts", "ContractKit"], swiftSettings: strictSettings),
        .testTarget(
            name: "ContractTests",
            dependencies: ["StubFormats", "ContractKit", "ContractTesting", "ContractTestingHost", "BankingContracts"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ClientIntegrationTests",
            dependencies: [
                "BankingDomain", "BankingData", "BankingPresentation", "StubServer",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // A client generated from Contracts/openapi.yaml at build time, calling the live stub.
        .testTarget(
            name: "GeneratedClientTests",
            dependencies: [
                "StubServer",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings,
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .testTarget(
            name: "MyBankClientTests",
            dependencies: ["MyBankClient", "MyBankContracts", "ContractKit", "ContractTesting", "ContractTestingHost", "StubControl", "StubServer",
                           .product(name: "Logging", package: "swift-log")],
            path: "Examples/MyBankClient/Tests/MyBankClientTests",
            swiftSettings: strictSettings
        ),
    ]
)
