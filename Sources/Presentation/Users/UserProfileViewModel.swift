public import Domain

/// One user's profile, read by id.
public typealias UserProfileViewModel = ItemViewModel<User>

extension ItemViewModel where Item == User {
    /// The profile screen of user `id`.
    public convenience init(id: User.ID, fetchUser: FetchUserUseCase) {
        self.init(name: "UserProfileViewModel") { policy in
            await fetchUser.execute(id: id, policy: policy).mapError { ItemLoadFailure($0, cancelled: .cancelled) }
        }
    }

    /// The profile screen of the user written as `number` (as a saved activity names it); a
    /// number that is no user identifier loads as that failure.
    public convenience init(userNumber number: Int, fetchUser: FetchUserUseCase) {
        self.init(name: "UserProfileViewModel") { policy in
            await Result { () throws(UserError) in try UserRules.id(number) }
                .asyncFlatMap { id in await fetchUser.execute(id: id, policy: policy) }.mapError {
                    ItemLoadFailure($0, cancelled: .cancelled)
                }
        }
    }
}
