/// The one place the version is written: `enrollsim --version`, the manual page and the release
/// tarball's name (scripts/release.sh reads it from the built binary) all come from here.
enum EnrollsimVersion {
    static let current = "0.3.0"
}
