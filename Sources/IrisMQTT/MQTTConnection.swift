import CMosquitto
import Foundation
import Synchronization

/// One session with a broker through libmosquitto: connects (and waits for the broker's answer, so bad
/// credentials are an error at start), then keeps the session on libmosquitto's network thread, which
/// reconnects with exponential backoff (1 s to 30 s) after a loss. Publishing while the session is down
/// returns false; the caller keeps the message. The last will (`willTopic` ← `offline`, retained) is what
/// the broker publishes when this process dies without saying goodbye.
///
///     let connection = try MQTTConnection(host: "127.0.0.1", port: 1883, clientID: "iris-door", will: ("iris/door/available", "offline"))
final class MQTTConnection: Sendable {
    /// libmosquitto's handle, kept as its address: the library is thread-safe in threaded mode (a network
    /// thread of its own, `mosquitto_loop_start`), which is the only mode used here.
    private let handle: UInt
    private var mosquitto: OpaquePointer { OpaquePointer(bitPattern: handle)! }
    let broker: String

    /// What libmosquitto's callbacks reach through their `obj` pointer. It exists before the client is made
    /// and outlives it (this connection holds it; `close` destroys the client first).
    private let session: Session
    private let closed = Mutex(false)

    struct Handlers: Sendable {
        /// After each (re)connection; `again` is false the first time.
        var connected: @Sendable (_ again: Bool) -> Void = { _ in }
        /// A message the broker acknowledged; `tracked` when it was published with `tracked: true`.
        var acknowledged: @Sendable (_ messageID: Int32, _ tracked: Bool) -> Void = { _, _ in }
        var message: @Sendable (_ topic: String, _ payload: [UInt8]) -> Void = { _, _ in }
    }

    private final class Session: Sendable {
        struct State {
            var connected = false
            /// The broker's answer to the first CONNECT: 0 accepted, otherwise its refusal code.
            var firstAnswer: Int32?
            var connections = 0
            var unacknowledged = Set<Int32>()
            var tracked = Set<Int32>()
        }
        let state = Mutex(State())
        let changed = NSCondition()
        let handlers: Handlers
        init(handlers: Handlers) { self.handlers = handlers }

        func signal() {
            changed.lock()
            changed.broadcast()
            changed.unlock()
        }

        func didConnect(_ code: Int32) {
            let again = state.withLock { s -> Bool? in
                if s.firstAnswer == nil { s.firstAnswer = code }
                guard code == 0 else { return nil }
                s.connected = true
                s.connections += 1
                return s.connections > 1
            }
            signal()
            if let again { handlers.connected(again) }
        }

        func didDisconnect() {
            state.withLock { $0.connected = false }
            signal()
        }

        func didAcknowledge(_ messageID: Int32) {
            let tracked = state.withLock { s in
                s.unacknowledged.remove(messageID)
                return s.tracked.remove(messageID) != nil
            }
            signal()
            handlers.acknowledged(messageID, tracked)
        }

        /// Waits, holding the condition's lock, until `done` or the deadline; `done`'s last answer.
        func wait(until deadline: Date, for done: () -> Bool) -> Bool {
            changed.lock()
            defer { changed.unlock() }
            while !done() { guard changed.wait(until: deadline) else { return done() } }
            return true
        }
    }

    private static let library: Void = { mosquitto_lib_init() }()

    init(
        host: String, port: Int, clientID: String, credentials: MQTTCredentials?,
        will: (topic: String, payload: String),
        tls: (enabled: Bool, caFile: String?), keepAlive: Int32 = 10, answerWithin seconds: Double = 5,
        handlers: Handlers
    ) throws(MQTTError) {
        _ = Self.library
        broker = "\(host):\(port)"
        let session = Session(handlers: handlers)
        self.session = session
        guard let created = mosquitto_new(clientID, true, Unmanaged.passUnretained(session).toOpaque()) else {
            throw .library(reason: "could not create a client (out of memory?)")
        }
        handle = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(created)))
        do throws(MQTTError) {
            try configure(credentials: credentials, will: will, tls: tls)
            try connect(
                host: host, port: port, keepAlive: keepAlive, answerWithin: seconds, tls: tls.enabled,
                credentials: credentials)
        } catch {
            mosquitto_loop_stop(mosquitto, true)
            mosquitto_destroy(mosquitto)
            closed.withLock { $0 = true }
            throw error
        }
    }

    private func configure(
        credentials: MQTTCredentials?, will: (topic: String, payload: String), tls: (enabled: Bool, caFile: String?)
    ) throws(MQTTError) {
        if let credentials {
            guard
                mosquitto_username_pw_set(mosquitto, credentials.username, credentials.password)
                    == MOSQ_ERR_SUCCESS.rawValue
            else {
                throw .library(reason: "the user name or password was refused by the client")
            }
        }
        let payload = Array(will.payload.utf8)
        guard
            mosquitto_will_set(mosquitto, will.topic, Int32(payload.count), payload, 1, true)
                == MOSQ_ERR_SUCCESS.rawValue
        else {
            throw .library(reason: "the last will on \(will.topic) was refused")
        }
        if tls.enabled {
            let rc = mosquitto_tls_set(mosquitto, tls.caFile, tls.caFile == nil ? "/etc/ssl/certs" : nil, nil, nil, nil)
            guard rc == MOSQ_ERR_SUCCESS.rawValue else {
                throw .tls(
                    broker: broker,
                    reason: tls.caFile.map { "the CA file \($0) cannot be used: \(Self.describe(rc))" }
                        ?? Self.describe(rc))
            }
        }
        mosquitto_reconnect_delay_set(mosquitto, 1, 30, true)
        mosquitto_max_inflight_messages_set(mosquitto, 64)
        mosquitto_connect_callback_set(mosquitto) { _, object, code in MQTTConnection.session(object)?.didConnect(code)
        }
        mosquitto_disconnect_callback_set(mosquitto) { _, object, _ in MQTTConnection.session(object)?.didDisconnect() }
        mosquitto_publish_callback_set(mosquitto) { _, object, messageID in
            MQTTConnection.session(object)?.didAcknowledge(messageID)
        }
        mosquitto_message_callback_set(mosquitto) { _, object, message in
            guard let message, let session = MQTTConnection.session(object) else { return }
            let topic = message.pointee.topic.map { String(cString: $0) } ?? ""
            let payload =
                message.pointee.payload.map {
                    Array(UnsafeRawBufferPointer(start: $0, count: Int(message.pointee.payloadlen)))
                } ?? []
            session.handlers.message(topic, payload)
        }
    }

    private static func session(_ object: UnsafeMutableRawPointer?) -> Session? {
        object.map { Unmanaged<Session>.fromOpaque($0).takeUnretainedValue() }
    }

    private func connect(
        host: String, port: Int, keepAlive: Int32, answerWithin seconds: Double, tls: Bool,
        credentials: MQTTCredentials?
    ) throws(MQTTError) {
        let rc = mosquitto_connect(mosquitto, host, Int32(port), keepAlive)
        guard rc == MOSQ_ERR_SUCCESS.rawValue else {
            if rc == MOSQ_ERR_TLS.rawValue || rc == MOSQ_ERR_TLS_HANDSHAKE.rawValue {
                throw .tls(
                    broker: broker,
                    reason:
                        "the handshake failed (is the broker's certificate signed by the CA given, and for this host?)")
            }
            throw .unreachable(broker: broker, reason: Self.describe(rc))
        }
        // The first answer is waited for on this thread, running libmosquitto's loop by hand, so a failure on
        // the way (a TLS handshake refused, the connection closed) comes back as its error code; then the
        // network thread takes over, with its reconnections.
        let deadline = Date().addingTimeInterval(seconds)
        while session.state.withLock({ $0.firstAnswer }) == nil {
            guard Date() < deadline else { throw .noAnswer(broker: broker, seconds: seconds) }
            let rc = mosquitto_loop(mosquitto, 100, 1)
            // A refusal is the broker's answer: the loop stops with an error after handing it over.
            if let code = session.state.withLock({ $0.firstAnswer }), code != 0 { break }
            guard rc == MOSQ_ERR_SUCCESS.rawValue else {
                if tls && rc != MOSQ_ERR_ERRNO.rawValue || rc == MOSQ_ERR_TLS.rawValue
                    || rc == MOSQ_ERR_TLS_HANDSHAKE.rawValue
                {
                    throw .tls(
                        broker: broker,
                        reason:
                            "the handshake failed (is the broker's certificate signed by the CA given, and for this host?): \(Self.describe(rc))"
                    )
                }
                throw .unreachable(
                    broker: broker, reason: "the connection closed before the broker answered: \(Self.describe(rc))")
            }
        }
        if let code = session.state.withLock({ $0.firstAnswer }), code != 0 {
            var reason = Self.describeConnack(code)
            if code == 4 || code == 5 {
                reason +=
                    credentials.map { ": the broker refuses user \($0.username)'s credentials" }
                    ?? ": the broker refuses anonymous clients (give --publish-credentials FILE or IRIS_MQTT_USERNAME and IRIS_MQTT_PASSWORD)"
            }
            throw .refused(broker: broker, reason: reason)
        }
        guard mosquitto_loop_start(mosquitto) == MOSQ_ERR_SUCCESS.rawValue else {
            throw .library(reason: "the network thread could not start")
        }
    }

    // MARK: - Use

    var isConnected: Bool { session.state.withLock { $0.connected } }
    var unacknowledgedCount: Int { session.state.withLock { $0.unacknowledged.count } }
    /// Tracked messages (events) the broker has not acknowledged.
    var unacknowledgedTrackedCount: Int { session.state.withLock { $0.tracked.count } }

    /// Waits until the session is up, or `seconds` pass; true when up.
    func waitUntilConnected(seconds: Double) -> Bool {
        session.wait(until: Date().addingTimeInterval(seconds)) { isConnected }
    }

    /// Waits until at most `count` messages await the broker's acknowledgement, or `seconds` pass.
    func waitUntilUnacknowledged(atMost count: Int, seconds: Double) -> Bool {
        session.wait(until: Date().addingTimeInterval(seconds)) { unacknowledgedCount <= count }
    }

    /// Publishes; nil while the session is down (the caller keeps the message), else the message id.
    /// `tracked` marks the message so its acknowledgement says so (an event, counted apart), recorded
    /// before the broker can answer.
    func publish(topic: String, payload: [UInt8], qos: Int32, retain: Bool, tracked: Bool = false) -> Int32? {
        guard isConnected else { return nil }
        var messageID: Int32 = 0
        // The id is recorded before the broker can acknowledge it, so the count never goes below zero.
        let rc = session.state.withLock { s -> Int32 in
            let rc = mosquitto_publish(mosquitto, &messageID, topic, Int32(payload.count), payload, qos, retain)
            if rc == MOSQ_ERR_SUCCESS.rawValue && qos > 0 {
                s.unacknowledged.insert(messageID)
                if tracked { s.tracked.insert(messageID) }
            }
            return rc
        }
        return rc == MOSQ_ERR_SUCCESS.rawValue ? messageID : nil
    }

    func subscribe(_ topic: String) {
        mosquitto_subscribe(mosquitto, nil, topic, 1)
    }

    /// Says goodbye (the broker then does not publish the will), stops the network thread and frees the client.
    func close() {
        guard
            closed.withLock({ done in
                defer { done = true }
                return !done
            })
        else { return }
        mosquitto_disconnect(mosquitto)
        mosquitto_loop_stop(mosquitto, false)
        mosquitto_destroy(mosquitto)
    }

    static func describe(_ rc: Int32) -> String {
        if rc == MOSQ_ERR_ERRNO.rawValue { return String(cString: strerror(errno)) }
        if rc == MOSQ_ERR_EAI.rawValue { return "the host name cannot be resolved" }
        return String(cString: mosquitto_strerror(rc))
    }

    static func describeConnack(_ code: Int32) -> String {
        switch code {
        case 1: return "unacceptable protocol version"
        case 2: return "client identifier rejected"
        case 3: return "server unavailable"
        case 4: return "bad user name or password"
        case 5: return "not authorized"
        default: return String(cString: mosquitto_connack_string(code))
        }
    }
}
