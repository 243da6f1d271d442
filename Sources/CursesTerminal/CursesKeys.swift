import CNcursesW
import TerminalUI

/// ncurses key codes (from `wget_wch` returning `KEY_CODE_YES`) as `Key`s.
enum CursesKeys {
    static func key(forCode code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_BTAB: .backTab
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        case KEY_DC: .delete
        case KEY_IC: .insert
        case cnc_key_f(1)...cnc_key_f(12): .function(Int(code - cnc_key_f(0)))
        default: nil
        }
    }
}
