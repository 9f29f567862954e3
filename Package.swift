// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "ModelForm",
    products: [
        .library(name: "ModelForm", targets: ["ModelForm"]),
        .executable(name: "modelform-example", targets: ["ModelFormExample"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        .target(name: "ModelForm"),
        .target(name: "ModelFormTesting", dependencies: ["ModelForm"]),
        .executableTarget(name: "ModelFormExample", dependencies: ["ModelForm", "ModelFormTesting"]),
        .testTarget(
            name: "ModelFormTests",
            dependencies: [
                "ModelForm", "ModelFormTesting", .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
