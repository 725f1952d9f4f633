/// The version `iris --version` prints.
enum IrisVersion {
    static let current = "0.5.0"
}
