import Platform
import Synchronization
import Testing

/// The device's network as the app's connections meet it.
@Suite("Network path")
struct NetworkPathTests {
    @Test func theHandlerHearsOnlyALossOrAReturnOfTheNetwork() {
        let path = NetworkPath(.wifi)
        let heard = Mutex<[NetworkPath.Change]>([])
        path.onChange { change in heard.withLock { $0.append(change) } }
        for network in [DeviceNetwork.cellular, .none, .none, .wifi, .cellular] { path.update(network) }
        #expect(heard.withLock { $0 } == [.lost, .regained])
        #expect(path.isSatisfied && path.current == .cellular)
        path.update(.none)
        #expect(!path.isSatisfied)
    }
}
