// swift-tools-version:6.1
// A reduced reproduction of a Swift 6.3.1 optimizer crash (see README.md): `swift build -c release`
// here stops with signal 11 in LLVM's coroutine splitting while the toolchain has the bug.
import PackageDescription

let package = Package(
    name: "AsyncDeferCrash",
    targets: [.target(name: "Core"), .target(name: "Server", dependencies: ["Core"])],
    swiftLanguageModes: [.v6]
)
