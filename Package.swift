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
                "ModelForm", "ModelFormYAML", "ModelFormHTML", .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .target(
            name: "ModelFormHummingbird",
            dependencies: [
                "ModelForm", "ModelFormServer", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        .target(
            name: "ModelFormTesting",
            dependencies: ["ModelForm", "ModelFormTemplates", "ModelFormText", "ModelFormMarkdown", "ModelFormHTML"]),
        .target(
            name: "ModelFormCLI",
            dependencies: [
                "ModelForm", "ModelFormYAML", "ModelFormTemplates", "ModelFormText", "ModelFormMarkdown",
                "ModelFormHTML", "ModelFormEditor",
                "ModelFormServer", "ModelFormHummingbird", "ModelFormJSONSchema",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "ModelFormTool", dependencies: ["ModelFormCLI"]),
        .testTarget(
            name: "ModelFormTests",
            dependencies: [
                "ModelForm", "ModelFormYAML", "ModelFormTemplates", "ModelFormText", "ModelFormMarkdown",
                "ModelFormHTML",
                "ModelFormTesting", "ModelFormCLI", "ModelFormEditor", "ModelFormServer", "ModelFormHummingbird",
                "ModelFormJSONSchema",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Golden"]),
        .testTarget(
            name: "ModelFormHummingbirdTests",
            dependencies: [
                "ModelForm", "ModelFormServer", "ModelFormHummingbird",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
