// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "ModelForm",
    products: [
        .library(name: "ModelForm", targets: ["ModelForm"]),
        .library(name: "ModelFormYAML", targets: ["ModelFormYAML"]),
        .library(name: "ModelFormJSONSchema", targets: ["ModelFormJSONSchema"]),
        .library(name: "ModelFormTemplates", targets: ["ModelFormTemplates"]),
        .library(name: "ModelFormText", targets: ["ModelFormText"]),
        .library(name: "ModelFormMarkdown", targets: ["ModelFormMarkdown"]),
        .library(name: "ModelFormHTML", targets: ["ModelFormHTML"]),
        .library(name: "ModelFormEditor", targets: ["ModelFormEditor"]),
        .library(name: "ModelFormServer", targets: ["ModelFormServer"]),
        .library(name: "ModelFormHummingbird", targets: ["ModelFormHummingbird"]),
        .library(name: "ModelFormRecords", targets: ["ModelFormRecords"]),
        .library(name: "ModelFormSQLite", targets: ["ModelFormSQLite"]),
        .library(name: "ModelFormPostgres", targets: ["ModelFormPostgres"]),
        .library(name: "ModelFormCLI", targets: ["ModelFormCLI"]),
        .library(name: "ModelFormTesting", targets: ["ModelFormTesting"]),
        .executable(name: "modelform", targets: ["ModelFormTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        // SQLite (ModelFormSQLite only): the record store's embedded database.
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        // PostgreSQL (ModelFormPostgres, and `serve --database postgres://`): the record store
        // for several servers; TLS to the server through swift-nio-ssl, which postgres-nio uses.
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        // `swift package generate-documentation` (the DocC site; CI builds it to check its links).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "ModelForm"),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .target(name: "ModelFormYAML", dependencies: ["ModelForm", "CYAML"]),
        .target(name: "ModelFormJSONSchema", dependencies: ["ModelForm", "ModelFormYAML"]),
        .target(
            name: "ModelFormTemplates",
            dependencies: [
                "ModelForm", "ModelFormYAML", "ModelFormMarkdown", "ModelFormHTML",
                .product(name: "Mustache", package: "swift-mustache"),
            ]),
        .target(name: "ModelFormText", dependencies: ["ModelForm"]),
        .target(name: "ModelFormMarkdown", dependencies: ["ModelForm"]),
        .target(name: "ModelFormHTML", dependencies: ["ModelForm"]),
        .target(name: "ModelFormEditor", dependencies: ["ModelForm", "ModelFormText"]),
        .target(
            name: "ModelFormServer",
            dependencies: [
                "ModelForm", "ModelFormYAML", "ModelFormHTML", "ModelFormRecords",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .target(
            name: "ModelFormHummingbird",
            dependencies: [
                "ModelForm", "ModelFormServer", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ]),
        .target(name: "ModelFormRecords", dependencies: ["ModelForm", "ModelFormYAML"]),
        .target(
            name: "ModelFormSQLite",
            dependencies: ["ModelForm", "ModelFormRecords", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(
            name: "ModelFormPostgres",
            dependencies: [
                "ModelForm", "ModelFormRecords", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .target(name: "ModelFormTesting", dependencies: ["ModelForm"]),
        .target(
            name: "ModelFormCLI",
            dependencies: [
                "ModelForm", "ModelFormYAML", "ModelFormTemplates", "ModelFormText", "ModelFormMarkdown",
                "ModelFormHTML", "ModelFormEditor", "ModelFormRecords", "ModelFormSQLite", "ModelFormPostgres",
                "ModelFormServer", "ModelFormHummingbird", "ModelFormJSONSchema",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "ModelFormTool", dependencies: ["ModelFormCLI"]),
        // One test target per module: a test sees the module it tests, what that module
        // depends on, and ModelFormTesting (which needs only the core). Tests that cross
        // modules (goldens of every format, the documentation's examples) are integration tests.
        .testTarget(
            name: "ModelFormTests",
            dependencies: [
                "ModelForm", "ModelFormTesting", .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "ModelFormYAMLTests", dependencies: ["ModelForm", "ModelFormYAML", "ModelFormTesting"]),
        .testTarget(
            name: "ModelFormJSONSchemaTests",
            dependencies: ["ModelForm", "ModelFormYAML", "ModelFormJSONSchema", "ModelFormTesting"]),
        .testTarget(name: "ModelFormTextTests", dependencies: ["ModelForm", "ModelFormText", "ModelFormTesting"]),
        .testTarget(
            name: "ModelFormMarkdownTests", dependencies: ["ModelForm", "ModelFormMarkdown", "ModelFormTesting"]),
        .testTarget(
            name: "ModelFormTemplatesTests",
            dependencies: [
                "ModelForm", "ModelFormYAML", "ModelFormMarkdown", "ModelFormHTML", "ModelFormText",
                "ModelFormTemplates", "ModelFormTesting", .product(name: "Mustache", package: "swift-mustache"),
            ]),
        .testTarget(name: "ModelFormHTMLTests", dependencies: ["ModelForm", "ModelFormHTML", "ModelFormTesting"]),
        .testTarget(
            name: "ModelFormEditorTests",
            dependencies: [
                "ModelForm", "ModelFormText", "ModelFormEditor", "ModelFormTesting", "ModelFormYAML", "TestFixtures",
            ]),
        .target(
            name: "TestFixtures", dependencies: ["ModelForm", "ModelFormYAML", "ModelFormServer", "ModelFormTesting"],
            path: "Tests/TestFixtures"),
        .target(
            name: "RenderingFixtures",
            dependencies: [
                "ModelForm", "ModelFormTemplates", "ModelFormText", "ModelFormMarkdown", "ModelFormHTML",
                "ModelFormTesting",
            ],
            path: "Tests/RenderingFixtures"),
        .testTarget(
            name: "ModelFormServerTests",
            dependencies: [
                "ModelForm", "ModelFormYAML", "ModelFormHTML", "ModelFormServer", "ModelFormTesting", "TestFixtures",
                "ModelFormRecords", "ModelFormSQLite",
            ]),
        .testTarget(
            name: "ModelFormRecordsTests",
            dependencies: [
                "ModelForm", "ModelFormYAML", "ModelFormJSONSchema", "ModelFormRecords", "ModelFormSQLite",
                "ModelFormPostgres", "ModelFormTesting", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "ModelFormHummingbirdTests",
            dependencies: [
                "ModelForm", "ModelFormServer", "ModelFormHummingbird", "ModelFormRecords", "ModelFormSQLite",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]),
        .testTarget(
            name: "ModelFormCLITests",
            dependencies: ["ModelForm", "ModelFormCLI", "ModelFormTesting", "TestFixtures", "RenderingFixtures"]),
        .testTarget(
            name: "ModelFormIntegrationTests",
            dependencies: [
                "ModelForm", "ModelFormYAML", "ModelFormTemplates", "ModelFormText", "ModelFormMarkdown",
                "ModelFormHTML",
                "ModelFormTesting", "ModelFormEditor", "ModelFormServer", "ModelFormHummingbird", "ModelFormJSONSchema",
                "ModelFormRecords", "ModelFormSQLite", "ModelFormPostgres",
                "TestFixtures", "RenderingFixtures", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
