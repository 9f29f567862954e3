// swift-tools-version:6.1
// libFuzzer targets, one per parser, as a package of their own: they build with
// `-sanitize=fuzzer,address` (see run.sh), which the main package must not carry.
import PackageDescription

let fuzzTarget = { (name: String) in
    Target.executableTarget(
        name: name, dependencies: ["FuzzSupport", .product(name: "ModelFormTesting", package: "ModelForm")])
}

let package = Package(
    name: "ModelFormFuzz",
    dependencies: [.package(name: "ModelForm", path: "..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "ModelForm", package: "ModelForm"),
                .product(name: "ModelFormYAML", package: "ModelForm"),
                .product(name: "ModelFormJSONSchema", package: "ModelForm"),
                .product(name: "ModelFormTesting", package: "ModelForm"),
                .product(name: "ModelFormHTML", package: "ModelForm"),
                .product(name: "ModelFormTemplates", package: "ModelForm"),
            ]),
        fuzzTarget("FuzzYAML"),
        fuzzTarget("FuzzSubmission"),
        fuzzTarget("FuzzInput"),
        fuzzTarget("FuzzJSON"),
        fuzzTarget("FuzzSchema"),
        fuzzTarget("FuzzCondition"),
        fuzzTarget("FuzzPattern"),
        fuzzTarget("FuzzPath"),
        fuzzTarget("FuzzSplice"),
        fuzzTarget("FuzzTemplate"),
    ],
    swiftLanguageModes: [.v6]
)
