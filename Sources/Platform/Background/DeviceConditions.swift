/// The kind of network the device is on, as the system reports it to background scheduling.
nonisolated public enum DeviceNetwork: String, Sendable, CaseIterable {
    /// An unmetered network (Wi-Fi, Ethernet).
    case wifi
    /// A metered network: background processing that asks for an unmetered one waits.
    case cellular
    /// No network at all.
    case none
}

/// What the system checks before it runs a background processing task: power and network.
nonisolated public struct DeviceConditions: Sendable, Equatable {
    /// Whether the device is on external power.
    public var isCharging: Bool
    /// The network the device is on.
    public var network: DeviceNetwork

    /// Creates conditions; a device starts on battery and Wi-Fi.
    public init(isCharging: Bool = false, network: DeviceNetwork = .wifi) {
        self.isCharging = isCharging
        self.network = network
    }
}

/// What a processing task asks of the device, as `BGProcessingTaskRequest` does.
nonisolated public struct ProcessingRequirements: Sendable, Equatable {
    /// Run only on external power.
    public var externalPower: Bool
    /// Run only on an unmetered network.
    public var unmeteredNetwork: Bool

    /// Creates requirements; maintenance usually asks for both.
    public init(externalPower: Bool = true, unmeteredNetwork: Bool = true) {
        self.externalPower = externalPower
        self.unmeteredNetwork = unmeteredNetwork
    }

    /// What `conditions` lack for these requirements, in words; empty when they are met.
    public func unmet(by conditions: DeviceConditions) -> [String] {
        var missing: [String] = []
        if externalPower && !conditions.isCharging { missing.append("external power") }
        if unmeteredNetwork && conditions.network != .wifi { missing.append("an unmetered network") }
        return missing
    }
}
