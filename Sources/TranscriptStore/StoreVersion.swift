/// The version of this package's tools, kept with everything the store writes (a row cache of
/// another version is read again; a session names the tool that wrote it).
public enum StoreVersion {
    /// `0.1.0`: what `tsearch --version` prints.
    public static let tool = "0.1.0"
}
