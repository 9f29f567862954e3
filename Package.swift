// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "ModelForm",
    products: [
        .library(name: "ModelForm", targets: ["ModelForm"]),
        .library(name: "ModelFormYAML", targets: ["ModelFormYAML"]),
        .library(name: "ModelFormText", targets: ["ModelFormText"]),
        .executable(name: "modelform-example", targets: ["ModelFormExample"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        .target(name: "ModelForm"),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .target(name: "ModelFormYAML", dependencies: ["ModelForm", "CYAML"]),
        .target(name: "ModelFormText", dependencies: ["ModelForm"]),
        .target(name: "ModelFormTesting", dependencies: ["ModelForm"]),
        .executableTarget(name: "ModelFormExample", dependencies: ["ModelForm", "ModelFormYAML", "ModelFormText"]),
        .testTarget(
            name: "ModelFormTests",
            dependencies: [
                "ModelForm", "ModelFormYAML", "ModelFormText", "ModelFormTesting", .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
