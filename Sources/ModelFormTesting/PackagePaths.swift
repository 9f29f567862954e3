import Foundation

/// Paths inside this package's checkout, for tests that read the bundled examples.
public enum PackagePaths {
    /// The package's root folder.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file under the root, by relative path.
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// The shared test corpora (`../shared/corpora` beside the checkout, or
    /// `MODELFORM_CORPORA`), if present: the JSON Schema Test Suite and form samples.
    public static var corpora: URL? {
        let candidates = [
            ProcessInfo.processInfo.environment["MODELFORM_CORPORA"].map { URL(fileURLWithPath: $0) },
            root.deletingLastPathComponent().appendingPathComponent("shared/corpora"),
        ].compactMap { $0 }
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("json-schema-test-suite").path)
        }
    }

    /// The text of a file under the root.
    public static func text(_ relative: String) throws -> String {
        try String(contentsOf: url(relative), encoding: .utf8)
    }
}
