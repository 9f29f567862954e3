// swift-tools-version:6.1
// An example of ModelForm's browser server: an Employee form on Hummingbird, stored in
// SQLite through GRDB, with the lost-update guard checked by the database.
import PackageDescription

let package = Package(
    name: "EmployeeServer",
    dependencies: [
        .package(name: "ModelForm", path: "../.."),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    ],
    targets: [
        .target(
            name: "EmployeeStore",
            dependencies: [
                .product(name: "ModelFormServer", package: "ModelForm"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .executableTarget(
            name: "EmployeeServer",
            dependencies: [
                "EmployeeStore",
                .product(name: "ModelFormHummingbird", package: "ModelForm"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]),
        .testTarget(
            name: "EmployeeStoreTests",
            dependencies: [
                "EmployeeStore",
                .product(name: "ModelFormHummingbird", package: "ModelForm"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
