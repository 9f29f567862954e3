import Foundation

/// Paths inside this package's checkout, for tests that read the bundled examples.
public enum PackagePaths {
    /// The package's root folder.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file under the root, by relative path.
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// The text of a file under the root.
    public static func text(_ relative: String) throws -> String {
        try String(contentsOf: url(relative), encoding: .utf8)
    }
}
