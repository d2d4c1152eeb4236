import Domain
import Foundation
import Platform
import Presentation
import ShellKit

extension CommandGroup {
    /// Signing in and out.
    static let account = CommandGroup("Account")
}

/// `login NAME`, `logout` and `whoami`: the session writes need.
enum SessionCommands {
    /// Every account command, in help order.
    static var all: [Command] { [login, logout, whoami] }
}

// MARK: - Private

extension SessionCommands {
    private struct AccountJSON: Encodable {
        let account: String?
        let sent: Int?
    }

    private static let passwordStdin = "--password-stdin"

    private static let login = Command(
        name: "login", group: .account, summary: "Sign in (the password prompt does not echo)",
        arguments: [ArgumentSpec(name: "NAME")],
        flags: [FlagSpec(name: passwordStdin, help: "Read the password from the next input line (scripts)")],
        examples: ["login ada", "login ada --password-stdin"], nextLineFlag: passwordStdin, run: signIn)

    private static let logout = Command(
        name: "logout", group: .account, summary: "Sign out: the session ends on the server and here",
        examples: ["logout"]
    ) { context, _ throws(CommandFailure) in
        switch await context.services.signOut.execute() {
        case .failure(let error): throw CommandFailure(error.localizedDescription)
        case .success(let name):
            var sentence = "Signed out \(name)."
            if let error = await context.deviceToken.atSignOut() {
                sentence += " The device token stays registered: \(UserMessages.text(for: error))."
            }
            return .text(sentence, json: JSONOutput.encode(AccountJSON(account: nil, sent: nil)))
        }
    }

    private static let whoami = Command(
        name: "whoami", group: .account, summary: "Show who is signed in on this device", examples: ["whoami"]
    ) { context, _ throws(CommandFailure) in
        let account = await context.services.sessions.currentAccount()
        return .text(
            account.map { "Signed in as \($0)." } ?? "Not signed in ('login NAME').",
            json: JSONOutput.encode(AccountJSON(account: account, sent: nil)))
    }

    /// `login`: the body is a function, not a closure (see BackgroundCommands).
    private static func signIn(_ context: CommandContext, _ arguments: ParsedArguments) async throws(CommandFailure)
        -> CommandOutput
    {
        // Refused before the prompt: nobody types a password for nothing.
        let name: String
        switch context.services.signIn.name(try arguments.required("NAME")) {
        case .failure(let error): throw CommandFailure(error.localizedDescription)
        case .success(let checked): name = checked
        }
        if let current = await context.services.sessions.currentAccount() {
            throw CommandFailure(SessionError.alreadySignedIn(current).localizedDescription)
        }
        let password: String
        if arguments.isSet(passwordStdin) {
            password = arguments.nextLine ?? ""
        } else if context.console.inputIsTerminal, let typed = PasswordPrompt.read("Password for \(name): ") {
            password = typed
        } else {
            throw CommandFailure(
                "login asks for the password on a terminal; in a script use 'login \(name) --password-stdin' "
                    + "with the password on the next line")
        }
        switch await context.services.signIn.execute(name: name, password: password) {
        case .failure(let error): throw CommandFailure(error.localizedDescription)
        case .success(let account):
            // What waited for a sign-in goes now.
            let sent = (try? await context.services.syncNow.send().get())?.pushed ?? 0
            if context.configuration.pushRegistration { await context.deviceToken.afterSignIn() }
            var sentence = "Signed in as \(account)."
            if sent > 0 { sentence += " Sent \(sent) queued \(sent == 1 ? "change" : "changes")." }
            return .text(sentence, json: JSONOutput.encode(AccountJSON(account: account, sent: sent)))
        }
    }
}
