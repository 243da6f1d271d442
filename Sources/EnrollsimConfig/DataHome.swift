import Foundation

/// Where enrollsim keeps data by default (the team server's database): `$XDG_DATA_HOME`, else
/// `$HOME/.local/share`, as the XDG base directory specification says. `$HOME` first: Foundation's
/// home directory on Linux is the password database's, which a shell with another HOME (CI, a
/// container, `sudo -H`) does not use.
public enum DataHome {
    public static func path(environment: [String: String]) -> String {
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") { return dataHome }
        return ConfigFile.homeDirectory(environment) + "/.local/share"
    }
}
