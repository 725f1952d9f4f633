import Foundation

/// A blocking HTTP/1.1 client over a plain socket, so the tests read exactly what the server sent: status,
/// headers, whole bodies, and the parts of a stream one at a time.
final class HTTPTestClient {
    struct Response {
        let status: Int
        let headers: [String: String]
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
        func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    struct ClientError: Error, CustomStringConvertible { let description: String }

    private let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`; `receiveBuffer` shrinks the socket's buffer (a viewer that reads slowly).
    init(port: Int, receiveBuffer: Int32? = nil, timeout: Double = 10) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError(description: "socket: \(errno)") }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var wait = timeval(tv_sec: Int(timeout.rounded(.up)), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw ClientError(description: "connect to \(port): errno \(errno)")
        }
    }

    deinit { close(fd) }

    /// Sends one request; the connection is closed by the server after the response.
    func send(_ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = []) throws {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { text += "Content-Length: \(body.count)\r\n" }
        let bytes = Array((text + "\r\n").utf8) + body
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes {
                Foundation.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard n > 0 else { throw ClientError(description: "send: errno \(errno)") }
            offset += n
        }
    }

    /// Sends a request and reads the whole response (by Content-Length, chunks, or to the close).
    static func request(
        _ method: String = "GET", port: Int, _ target: String, headers: [String: String] = [:],
        body: [UInt8] = []
    ) throws -> Response {
        let client = try HTTPTestClient(port: port)
        try client.send(method, target, headers: headers, body: body)
        let (status, headers) = try client.readHead()
        if let length = headers["content-length"].flatMap(Int.init) {
            return Response(status: status, headers: headers, body: try client.read(count: length))
        }
        if headers["transfer-encoding"] == "chunked" {
            var body: [UInt8] = []
            while true {
                let size = Int(try client.readLine().split(separator: ";")[0], radix: 16) ?? 0
                if size == 0 {
                    _ = try client.readLine()
                    break
                }
                body += try client.read(count: size)
                _ = try client.readLine()
            }
            return Response(status: status, headers: headers, body: body)
        }
        return Response(status: status, headers: headers, body: try client.readToEnd())
    }

    /// The status line and headers (names lower-cased).
    func readHead() throws -> (Int, [String: String]) {
        let statusLine = try readLine()
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else {
            throw ClientError(description: "bad status line: \(statusLine)")
        }
        var headers: [String: String] = [:]
        while true {
            let line = try readLine()
            if line.isEmpty { break }
            if let colon = line.firstIndex(of: ":") {
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                    in: .whitespaces)
            }
        }
        return (status, headers)
    }

    /// The next part of a chunked multipart stream: its headers and bytes; nil at the end of the stream.
    func readStreamPart() throws -> (headers: [String: String], bytes: [UInt8])? {
        // The stream is chunked; parts may span chunks. Read chunks until a whole part is in `partBuffer`.
        while true {
            if let part = try takePart() { return part }
            guard let chunk = try readChunk() else { return nil }
            partBuffer += chunk
        }
    }

    /// The next Server-Sent Event's name and data; nil at the end of the stream.
    func readEvent() throws -> (event: String, data: String)? {
        while true {
            if let end = find(Array("\n\n".utf8), in: partBuffer) {
                let text = String(decoding: partBuffer[..<end], as: UTF8.self)
                partBuffer.removeFirst(end + 2)
                var name = "message", data: [String] = []
                for line in text.split(separator: "\n") {
                    if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
                }
                if text.hasPrefix(":") && data.isEmpty { continue }
                return (name, data.joined(separator: "\n"))
            }
            guard let chunk = try readChunk() else { return nil }
            partBuffer += chunk
        }
    }

    private var partBuffer: [UInt8] = []

    private func takePart() throws -> (headers: [String: String], bytes: [UInt8])? {
        guard let headEnd = find(Array("\r\n\r\n".utf8), in: partBuffer) else { return nil }
        let head = String(decoding: partBuffer[..<headEnd], as: UTF8.self)
        var headers: [String: String] = [:]
        for line in head.split(separator: "\r\n") where line.contains(":") {
            let colon = line.firstIndex(of: ":")!
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        guard let length = headers["content-length"].flatMap(Int.init) else {
            throw ClientError(description: "a part without Content-Length: \(head)")
        }
        let start = headEnd + 4
        guard partBuffer.count >= start + length + 2 else { return nil }
        let bytes = Array(partBuffer[start..<(start + length)])
        partBuffer.removeFirst(start + length + 2)
        return (headers, bytes)
    }

    /// One chunk of a chunked body; nil after the last.
    private func readChunk() throws -> [UInt8]? {
        let line = try readLine()
        let size = Int(line.split(separator: ";").first.map(String.init) ?? "", radix: 16) ?? 0
        if size == 0 { return nil }
        let chunk = try read(count: size)
        _ = try readLine()
        return chunk
    }

    private func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count)
        where haystack[i] == needle[0] && Array(haystack[i..<(i + needle.count)]) == needle { return i }
        return nil
    }

    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 { throw ClientError(description: "recv: errno \(errno) (timed out?)") }
        if n == 0 { return false }
        buffer += chunk[..<n]
        return true
    }

    func readLine() throws -> String {
        while true {
            if let end = find([13, 10], in: buffer) {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 2)
                return line
            }
            guard try fill() else { throw ClientError(description: "the connection closed mid-line") }
        }
    }

    func read(count: Int) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill() else {
                throw ClientError(description: "the connection closed after \(buffer.count) of \(count) bytes")
            }
        }
        let bytes = Array(buffer[..<count])
        buffer.removeFirst(count)
        return bytes
    }

    func readToEnd() throws -> [UInt8] {
        while try fill() {}
        defer { buffer = [] }
        return buffer
    }
}
