import Domain
import Logging

/// One user's profile, read by id.
public final class UserProfileViewModel: ItemViewModel {
    /// The state and its observers.
    public let store = StateStore(UserProfileViewState.idle)
    /// The running load.
    public let tasks = TaskBag()
    /// The user shown.
    public let id: Int
    private let fetchUser: FetchUserUseCase
    private let logger = Logger(label: "strata.presentation")

    /// Creates the view model for user `id`.
    public init(id: Int, fetchUser: FetchUserUseCase) {
        self.id = id
        self.fetchUser = fetchUser
    }

    isolated deinit {
        tasks.cancelAll()
        logger.debug("deinit UserProfileViewModel")
    }

    /// Reads the profile through the use case.
    public func fetcher(policy: ReadPolicy) -> @Sendable () async -> Result<Fetched<User>, ItemLoadFailure> {
        { [fetchUser, id] in
            await fetchUser.execute(id: id, policy: policy).mapError { error in
                error == .cancelled ? .cancelled : .message(UserMessages.text(for: error))
            }
        }
    }
}
