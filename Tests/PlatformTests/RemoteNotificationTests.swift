import Foundation
import Platform
import Testing

@Suite("Remote notifications: payloads, authorization and the device token")
struct RemoteNotificationTests {
    func parse(_ json: String) throws(RemoteNotificationError) -> RemoteNotification {
        try RemoteNotification.parse(Data(json.utf8))
    }

    @Test func aVisiblePayloadWithTargetAndCustomKeysIsRead() throws {
        let notification = try parse(
            #"{"aps":{"alert":{"title":"Plan","body":"Changed"},"target-content-id":"strata://documents/2"},"documentId":2,"by":{"name":"Ada"}}"#
        )
        #expect(notification.alert == RemoteNotification.Alert(title: "Plan", body: "Changed"))
        #expect(notification.targetContentID == "strata://documents/2" && !notification.isSilent)
        #expect(notification.customKeys == ["documentId": "2", "by": #"{"name":"Ada"}"#])
    }

    @Test func aSilentPayloadAndAPlainAlertAreRead() throws {
        #expect(try parse(#"{"aps":{"content-available":1}}"#).isSilent)
        let plain = try parse(#"{"aps":{"alert":"Hello","content-available":1}}"#)
        #expect(plain.alert?.body == "Hello" && plain.contentAvailable && !plain.isSilent)
    }

    @Test(
        "A payload that is not APNs-shaped is one clear error",
        arguments: [
            ("[1]", "not an APNs payload: expected a JSON object"),
            ("{", "not an APNs payload: not JSON (unexpected end of file during JSON parse)"),
            (
                String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
                "not an APNs payload: not JSON (too many nested arrays or dictionaries around character 513)"
            ),
            (#"{"alert":"x"}"#, #"not an APNs payload: no "aps" dictionary"#),
            (#"{"aps":"x"}"#, #"not an APNs payload: no "aps" dictionary"#),
            (#"{"aps":{}}"#, "not an APNs payload: aps has neither content-available nor an alert"),
            (#"{"aps":{"content-available":"yes"}}"#, "not an APNs payload: aps.content-available must be 1"),
            (
                #"{"aps":{"alert":7}}"#,
                "not an APNs payload: aps.alert must be a string or an object with a title and a body"
            ),
            (#"{"aps":{"alert":{}}}"#, "not an APNs payload: aps.alert must be a title or a body"),
            (
                #"{"aps":{"alert":"x","target-content-id":3}}"#,
                "not an APNs payload: aps.target-content-id must be a string"
            ),
        ])
    func badPayloads(json: String, message: String) {
        #expect(throws: RemoteNotificationError.self) { try parse(json) }
        do {
            _ = try parse(json)
        } catch {
            #expect(error.localizedDescription == message)
        }
    }

    @Test func aPayloadOverTheAPNsLimitIsRefused() {
        let big = #"{"aps":{"alert":""# + String(repeating: "x", count: 5000) + #""}}"#
        #expect(throws: RemoteNotificationError.tooLarge(bytes: big.utf8.count)) { try parse(big) }
    }

    @Test func theUserIsAskedOnceAndADenialStandsUntilSettingsChangeIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("push-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(".notifications.json")
        let center = NotificationCenterStandIn(file: file)
        #expect(center.authorization == .notDetermined && !center.isTokenRegistered)
        #expect(center.requestAuthorization(userAllows: false) == (true, .denied))
        // Asking again asks nobody, even if the user would now say yes
        #expect(center.requestAuthorization(userAllows: true) == (false, .denied))
        center.set(.authorized)
        // What the system keeps survives a relaunch, the token included
        let relaunched = NotificationCenterStandIn(file: file)
        #expect(relaunched.authorization == .authorized && relaunched.token == center.token)
        relaunched.markRegistered(relaunched.token)
        #expect(relaunched.isTokenRegistered)
        let renewed = relaunched.renewToken()
        #expect(renewed != center.token && renewed.count == 64 && !relaunched.isTokenRegistered)
        #expect(relaunched.problem == nil)
    }

    /// A record that cannot be read is kept aside and said, never written over in silence: what
    /// the user chose is in it.
    @Test func anUnreadableRecordIsKeptAndSaid() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("push-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(".notifications.json")
        let damaged = Data(#"{"authorization":"denied","tok"#.utf8)
        try damaged.write(to: file)
        let center = NotificationCenterStandIn(file: file)
        #expect(center.authorization == .notDetermined)
        #expect(
            center.problem
                == "the notification settings in .notifications.json could not be read (kept as "
                + ".notifications.json.damaged); notifications start again as not determined, with a new push token")
        #expect(try Data(contentsOf: file.appendingPathExtension("damaged")) == damaged)
        #expect(NotificationCenterStandIn(file: file).problem == nil, "the new record reads")
    }
}
