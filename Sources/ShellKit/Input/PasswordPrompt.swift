import Foundation

/// Asks for a password on the terminal with echo off, as `sudo` does: what is typed is never
/// shown, never kept in the line editor's history, and echo comes back whatever happens.
public enum PasswordPrompt {
    /// Shows `prompt` and reads one line without echo; `nil` when standard input is not a
    /// terminal or ended.
    public static func read(_ prompt: String) -> String? {
        var saved = termios()
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        Console.writeVerbatim(prompt, to: STDOUT_FILENO)
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet) == 0 else { return nil }
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            Console.writeVerbatim("\n", to: STDOUT_FILENO)  // the newline the user typed was not echoed
        }
        return Swift.readLine(strippingNewline: true)
    }
}
