// swift-tools-version:6.1
// An example of ModelForm's record server: a staff directory of employees, departments and
// skills (lookups between them, one of them to-many) in one SQLite file, served as admin
// pages on Hummingbird. No SQL is written here: the tables come from the model.
import PackageDescription

let package = Package(
    name: "EmployeeServer",
    dependencies: [
        .package(name: "ModelForm", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    ],
    targets: [
        .target(
            name: "StaffDirectory",
            dependencies: [
                .product(name: "ModelForm", package: "ModelForm"),
                .product(name: "ModelFormRecords", package: "ModelForm"),
                .product(name: "ModelFormServer", package: "ModelForm"),
                .product(name: "ModelFormSQLite", package: "ModelForm"),
            ]),
        .executableTarget(
            name: "EmployeeServer",
            dependencies: [
                "StaffDirectory",
                .product(name: "ModelFormHummingbird", package: "ModelForm"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]),
        .testTarget(
            name: "StaffDirectoryTests",
            dependencies: [
                "StaffDirectory",
                .product(name: "ModelFormRecords", package: "ModelForm"),
                .product(name: "ModelFormHummingbird", package: "ModelForm"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
