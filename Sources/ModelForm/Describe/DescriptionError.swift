/// A model that ModelForm cannot describe, with the property path where it met the problem.
public struct DescriptionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The property path from the root (`manager.address`), empty for the root itself.
    public var path: String
    /// What went wrong.
    public var message: String

    /// A description error.
    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, or the message alone at the root.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
