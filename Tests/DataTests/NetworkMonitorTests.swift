import Domain
import StrataData
import Testing

/// What the monitor makes of the device's network path, beside what requests tell it.
@Suite("Network monitor")
struct NetworkMonitorTests {
    @Test func noNetworkIsOfflineAtOnceAndItsReturnIsARecovery() {
        let monitor = NetworkMonitor()
        monitor.pathChanged(satisfied: false)
        #expect(monitor.status == .offline && !monitor.takeRecovery())
        monitor.pathChanged(satisfied: true)
        #expect(monitor.status == .online)
        #expect(monitor.takeRecovery(), "what waited is worth sending again")
    }

    @Test func aNetworkWhileOnlineIsNoRecovery() {
        let monitor = NetworkMonitor()
        monitor.pathChanged(satisfied: true)
        #expect(monitor.status == .online && !monitor.takeRecovery())
    }
}
