import Domain
import Presentation

extension Result where Failure == DocumentError {
    /// The command result: the success rendered by `transform`, the failure in the user's words.
    func commandResult(_ transform: (Success) -> CommandOutput) -> CommandResult {
        map(transform).mapError { CommandFailure(UserMessages.text(for: $0)) }
    }
}

extension Result where Failure == UserError {
    /// The command result: the success rendered by `transform`, the failure in the user's words.
    func commandResult(_ transform: (Success) -> CommandOutput) -> CommandResult {
        map(transform).mapError { CommandFailure(UserMessages.text(for: $0)) }
    }
}
