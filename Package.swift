// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "ModelForm",
    products: [
        .library(name: "ModelForm", targets: ["ModelForm"]),
        .executable(name: "modelform-example", targets: ["ModelFormExample"]),
    ],
    targets: [
        .target(name: "ModelForm"),
        .target(name: "ModelFormTesting", dependencies: ["ModelForm"]),
        .executableTarget(name: "ModelFormExample", dependencies: ["ModelForm", "ModelFormTesting"]),
        .testTarget(name: "ModelFormTests", dependencies: ["ModelForm", "ModelFormTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
