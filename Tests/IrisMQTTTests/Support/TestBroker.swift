import Foundation

/// A real Mosquitto broker on a free loopback port for one test (Debian's `mosquitto`, installed by
/// tools/setup), with subscribers made of `mosquitto_sub` and messages sent with `mosquitto_pub`.
final class TestBroker {
    let port: Int
    let folder: String
    private let process = Process()

    struct Missing: Error, CustomStringConvertible { let description: String }

    /// `passwords`: user → password; with any, anonymous clients are refused. `tls`: the listener speaks TLS
    /// with a certificate for 127.0.0.1 signed by a CA made for the test (`folder/ca.crt`).
    init(passwords: [String: String] = [:], tls: Bool = false) throws {
        folder = NSTemporaryDirectory() + "iris-mqtt-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        port = Self.freePort()
        var config = "listener \(port) 127.0.0.1\n"
        if tls {
            try Self.makeCertificates(in: folder)
            config += "cafile \(folder)/ca.crt\ncertfile \(folder)/server.crt\nkeyfile \(folder)/server.key\n"
        }
        if passwords.isEmpty {
            config += "allow_anonymous true\n"
        } else {
            for (user, password) in passwords {
                try Self.tool("mosquitto_passwd", ["-b", "-c", folder + "/passwords", user, password])
            }
            config += "allow_anonymous false\npassword_file \(folder)/passwords\n"
        }
        try config.write(toFile: folder + "/mosquitto.conf", atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: try Self.which("mosquitto"))
        process.arguments = ["-c", folder + "/mosquitto.conf"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(5)
        while !Self.accepts(port) {
            guard Date() < deadline else { throw Missing(description: "mosquitto did not listen on \(port)") }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    deinit {
        Self.end(process)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// SIGTERM, then SIGKILL after a second: polled rather than `waitUntilExit`, which can wait for ever here.
    static func end(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// A subscriber writing `TOPIC<tab>PAYLOAD` lines (`hex` payloads as hexadecimal) to a file until stopped.
    final class Subscriber {
        let path: String
        private let process = Process()

        init(broker: TestBroker, topics: [String], hex: Bool = false, name: String) throws {
            path = broker.folder + "/\(name).txt"
            FileManager.default.createFile(atPath: path, contents: nil)
            // Line-buffered, so each message is in the file when it arrives (a file gets 4 KiB blocks otherwise).
            process.executableURL = URL(fileURLWithPath: try TestBroker.which("stdbuf"))
            process.arguments =
                [
                    "-oL", try TestBroker.which("mosquitto_sub"), "-h", "127.0.0.1", "-p", "\(broker.port)", "-q", "1",
                    "-F", hex ? "%t\t%x" : "%t\t%p"
                ]
                + (topics + ["iris-probe/\(name)"]).flatMap { ["-t", $0] }
            process.standardOutput = FileHandle(forWritingAtPath: path)
            process.standardError = FileHandle.nullDevice
            try process.run()
            // mosquitto_sub says nothing when its subscription is in place: a retained probe on a topic of its
            // own arrives once it is (a test's first messages would be missed otherwise).
            let probe = "iris-probe/\(name)"
            try broker.publish(probe, "probe", retain: true)
            let deadline = Date().addingTimeInterval(15)
            while !all.contains(where: { $0.topic == probe }) && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.02)
            }
            probeTopic = probe
        }

        private var probeTopic = ""

        deinit { TestBroker.end(process) }

        /// Every line so far but the probe's, as (topic, payload).
        var messages: [(topic: String, payload: String)] { all.filter { $0.topic != probeTopic } }

        private var all: [(topic: String, payload: String)] {
            // Snapshots are JPEG bytes: read leniently, as a line per message still.
            let text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            return text.split(separator: "\n").compactMap { line -> (topic: String, payload: String)? in
                let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2 else { return nil }
                return (String(parts[0]), String(parts[1]))
            }
        }

        func payloads(on topic: String) -> [String] { messages.filter { $0.topic == topic }.map(\.payload) }

        /// Waits until `done` holds for the messages, at most `seconds`.
        func wait(seconds: Double = 10, until done: ([(topic: String, payload: String)]) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if done(messages) { return true }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return done(messages)
        }
    }

    /// A CA, and a certificate for 127.0.0.1 it signed, made with openssl; the files readable by the broker's
    /// user (Mosquitto drops root for `mosquitto`).
    static func makeCertificates(in folder: String) throws {
        let steps: [[String]] = [
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Iris test CA", "-keyout",
                "\(folder)/ca.key", "-out", "\(folder)/ca.crt"
            ],
            [
                "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", "\(folder)/server.key",
                "-out", "\(folder)/server.csr"
            ],
            [
                "x509", "-req", "-in", "\(folder)/server.csr", "-CA", "\(folder)/ca.crt", "-CAkey", "\(folder)/ca.key",
                "-CAcreateserial",
                "-days", "2", "-extfile", "\(folder)/san.cnf", "-out", "\(folder)/server.crt"
            ],
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Another CA", "-keyout",
                "\(folder)/other.key", "-out", "\(folder)/other.crt"
            ]
        ]
        try "subjectAltName = IP:127.0.0.1\n".write(toFile: "\(folder)/san.cnf", atomically: true, encoding: .utf8)
        for step in steps { try tool("openssl", step, quiet: true) }
        for file in ["ca.crt", "server.crt", "server.key"] { chmod("\(folder)/\(file)", 0o644) }
        chmod(folder, 0o755)
    }

    func publish(_ topic: String, _ payload: String, retain: Bool = false) throws {
        try Self.tool(
            "mosquitto_pub",
            ["-h", "127.0.0.1", "-p", "\(port)", "-q", "1", "-t", topic, "-m", payload] + (retain ? ["-r"] : []))
    }

    static func which(_ name: String) throws -> String {
        for folder in ["/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin"]
        where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
            return "\(folder)/\(name)"
        }
        throw Missing(description: "\(name) is not installed (tools/setup installs mosquitto and mosquitto-clients)")
    }

    static func tool(_ name: String, _ arguments: [String], quiet: Bool = false) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try which(name))
        process.arguments = arguments
        if quiet {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
    }

    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length)
                return getsockname(fd, $0, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        } == 0
    }
}
