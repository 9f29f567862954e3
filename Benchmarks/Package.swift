// swift-tools-version:6.1
// The benchmark suite (ordo-one/benchmark) and the side-by-side comparison tool, as a package
// of its own so that the main package's build and tests do not carry their dependencies.
import PackageDescription

let package = Package(
    name: "ModelFormBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "ModelForm", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "ModelForm", package: "ModelForm"),
                .product(name: "ModelFormYAML", package: "ModelForm"),
                .product(name: "ModelFormText", package: "ModelForm"),
                .product(name: "ModelFormMarkdown", package: "ModelForm"),
                .product(name: "ModelFormHTML", package: "ModelForm"),
                .product(name: "ModelFormTesting", package: "ModelForm"),
            ]),
        .executableTarget(
            name: "ModelFormBenchmarks",
            dependencies: ["BenchmarkSupport", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/ModelFormBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        .executableTarget(
            name: "EditorFigures",
            dependencies: ["BenchmarkSupport", .product(name: "ModelFormEditor", package: "ModelForm")]),
        .executableTarget(
            name: "ModelFormCompare",
            dependencies: [
                "BenchmarkSupport", .product(name: "ModelFormHTML", package: "ModelForm"),
                .product(name: "ModelFormTesting", package: "ModelForm"),
                .product(name: "ModelFormYAML", package: "ModelForm"),
                .product(name: "ModelFormJSONSchema", package: "ModelForm"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
