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

    /// A request sent before the network went away may answer after: it says nothing about the
    /// next one, which cannot reach the server.
    @Test func anAnswerThatArrivesAfterTheNetworkWentAwayLeavesTheAppOffline() {
        let monitor = NetworkMonitor()
        monitor.pathChanged(satisfied: false)
        monitor.recordSuccess()
        monitor.record(.unauthorized)
        #expect(monitor.status == .offline && !monitor.takeRecovery())
    }

    @Test func aNetworkWhileOnlineIsNoRecovery() {
        let monitor = NetworkMonitor()
        monitor.pathChanged(satisfied: true)
        #expect(monitor.status == .online && !monitor.takeRecovery())
    }
}
