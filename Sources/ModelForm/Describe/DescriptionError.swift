/// A model that ModelForm cannot describe, with the property path where it met the problem.
///
/// A type that is not a model with properties:
///
/// ```swift
/// do throws(DescriptionError) {
///     _ = try ConfigDictionary(describing: Int.self)
/// } catch {
///     print(error.message)  // 'Int' is a single value, not a model with properties
/// }
/// ```
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
