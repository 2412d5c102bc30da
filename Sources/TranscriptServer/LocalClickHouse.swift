import Foundation

/// ClickHouse servers started for tests and the benchmark: Debian's `clickhouse-server` in a
/// temporary folder, on loopback ports, one node or a cluster of two shards (two server
/// processes, on 127.0.0.1 and 127.0.0.2 with the same ports, as the hosts of a real cluster
/// share theirs), each knowing the other through `remote_servers` as `tsearch_two_shards`.
///
/// No process outlives its user: each server runs under a small shell that ends it when the
/// process that started it is gone (checked twice a second), and `stop()` (also on deinit) ends
/// it at once and removes the folder.
package final class LocalClickHouse: @unchecked Sendable {
    /// One node, or two shards.
    package enum Layout: Sendable {
        case singleNode
        case twoShards
    }

    /// The cluster name of `.twoShards` in every node's `remote_servers`.
    package static let clusterName = "tsearch_two_shards"

    /// The server program, when installed.
    package static var executable: String? {
        let candidates = ["/usr/sbin/clickhouse-server", "/usr/bin/clickhouse-server", "/usr/local/bin/clickhouse-server"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Why no server runs: nil when one could be started.
    package enum Unavailable: Error, CustomStringConvertible {
        case notInstalled
        case didNotStart(String)

        package var description: String {
            switch self {
            case .notInstalled: return "clickhouse-server is not installed (apt-get install clickhouse-server)"
            case .didNotStart(let log): return "clickhouse-server did not start: \(log)"
            }
        }
    }

    /// The first node's URL without a table: `http://127.0.0.1:PORT`.
    package let baseURL: String
    /// The HTTP port every node listens on.
    package let httpPort: Int
    let folder: URL
    private var shells: [Process]
    private let lock = NSLock()

    /// Servers of `layout`, started and answering.
    /// - Throws: `Unavailable` when the program is missing or no server answers within 30 s.
    package init(_ layout: Layout) throws(Unavailable) {
        guard let executable = Self.executable else { throw .notInstalled }
        Self.removeLeftovers()
        let hosts = layout == .singleNode ? ["127.0.0.1"] : ["127.0.0.1", "127.0.0.2"]
        var lastLog = ""
        for _ in 0..<6 {
            let http = Int.random(in: 20_000...45_000)
            let tcp = http + 10_000
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tsearch-clickhouse-\(UUID().uuidString.prefix(8))")
            var started: [Process] = []
            do {
                for (index, host) in hosts.enumerated() {
                    let node = folder.appendingPathComponent("node\(index + 1)")
                    try FileManager.default.createDirectory(at: node, withIntermediateDirectories: true)
                    try String(ProcessInfo.processInfo.processIdentifier).write(
                        to: folder.appendingPathComponent("owner"), atomically: true, encoding: .utf8)
                    try Self.config(node: node.path, host: host, http: http, tcp: tcp, hosts: hosts).write(
                        to: node.appendingPathComponent("config.xml"), atomically: true, encoding: .utf8)
                    try Self.users.write(to: node.appendingPathComponent("users.xml"), atomically: true, encoding: .utf8)
                    started.append(try Self.launch(executable, node: node.path, root: folder.path))
                }
            } catch {
                lastLog = "\(error)"
                Self.end(started)
                try? FileManager.default.removeItem(at: folder)
                continue
            }
            if hosts.allSatisfy({ Self.waitForAnswer(host: $0, port: http, shells: started) }) {
                self.folder = folder
                self.shells = started
                self.httpPort = http
                self.baseURL = "http://127.0.0.1:\(http)"
                return
            }
            lastLog = (try? String(contentsOf: folder.appendingPathComponent("node1/stderr.log"), encoding: .utf8)) ?? ""
            lastLog += (try? String(contentsOf: folder.appendingPathComponent("node1/server.err.log"), encoding: .utf8)) ?? ""
            Self.end(started)
            try? FileManager.default.removeItem(at: folder)
            if !lastLog.contains("Address already in use") { break }
        }
        throw .didNotStart(String(lastLog.suffix(600)))
    }

    deinit { stop() }

    /// Ends the servers (waiting for them) and removes their folder.
    package func stop() {
        lock.lock()
        let running = shells
        shells = []
        lock.unlock()
        guard !running.isEmpty else { return }
        Self.end(running)
        try? FileManager.default.removeItem(at: folder)
    }

    /// The URL of `table` on the first node.
    package func url(table: String) -> String {
        "\(baseURL)/?table=\(table)"
    }

    /// Removes the folders of earlier runs whose process is gone (a test process killed, or ended
    /// while its servers' shells were still cleaning up): each names its owner in `owner`.
    private static func removeLeftovers() {
        let temporary = FileManager.default.temporaryDirectory
        guard FileManager.default.fileExists(atPath: "/proc/self"),
              let names = try? FileManager.default.contentsOfDirectory(atPath: temporary.path) else { return }
        for name in names where name.hasPrefix("tsearch-clickhouse-") {
            let folder = temporary.appendingPathComponent(name)
            let owner = (try? String(contentsOf: folder.appendingPathComponent("owner"), encoding: .utf8)) ?? ""
            let alive = Int32(owner).map { FileManager.default.fileExists(atPath: "/proc/\($0)") } ?? false
            let settled = ((try? FileManager.default.attributesOfItem(atPath: folder.path)[.modificationDate]) as? Date)
                .map { Date().timeIntervalSince($0) > 60 } ?? true
            if !alive && settled { try? FileManager.default.removeItem(at: folder) }
        }
    }

    private static func end(_ shells: [Process]) {
        for shell in shells where shell.isRunning { shell.terminate() }
        for shell in shells { shell.waitUntilExit() }
    }

    /// Starts the server of `node` under a shell that ends it when this process is gone, then
    /// removes the node's folder and (once empty) `root`.
    private static func launch(_ executable: String, node: String, root: String) throws -> Process {
        // The server is asked to stop, and killed if it has not within 3 s (a throwaway server:
        // its data goes with the folder; ClickHouse 18.16 can hang in shutdown with a deletion
        // still running).
        let script = """
            "$1" --config-file="$2/config.xml" >"$2/stdout.log" 2>"$2/stderr.log" &
            server=$!
            end() {
                kill $server 2>/dev/null
                for tick in 1 2 3 4 5 6 7 8 9 10 11 12; do kill -0 $server 2>/dev/null || break; sleep 0.25; done
                kill -9 $server 2>/dev/null
                wait $server 2>/dev/null
                rm -rf "$2"
                rmdir "$4" 2>/dev/null
                exit 0
            }
            trap end TERM INT HUP
            while kill -0 "$3" 2>/dev/null && kill -0 $server 2>/dev/null; do sleep 0.5; done
            end
            """
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", script, "sh", executable, node, String(ProcessInfo.processInfo.processIdentifier), root]
        shell.standardInput = FileHandle.nullDevice
        shell.standardOutput = FileHandle.nullDevice
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        return shell
    }

    /// Whether `SELECT 1` is answered within 30 s (false at once when a shell ended).
    private static func waitForAnswer(host: String, port: Int, shells: [Process]) -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let client = HTTPClient(host: host, port: port, deadline: SocketCalls.now() + 2000, maxAnswerBytes: 1 << 20)
            if case .success(let response) = client.post("/", body: Array("SELECT 1".utf8)), response.status == 200 { return true }
            if shells.contains(where: { !$0.isRunning }) { return false }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    private static func config(node: String, host: String, http: Int, tcp: Int, hosts: [String]) -> String {
        let shards = hosts.map { "<shard><replica><host>\($0)</host><port>\(tcp)</port></replica></shard>" }.joined()
        return """
            <?xml version="1.0"?>
            <yandex>
              <logger><level>warning</level><log>\(node)/server.log</log><errorlog>\(node)/server.err.log</errorlog><size>10M</size><count>1</count></logger>
              <http_port>\(http)</http_port>
              <tcp_port>\(tcp)</tcp_port>
              <listen_host>\(host)</listen_host>
              <path>\(node)/data/</path>
              <tmp_path>\(node)/tmp/</tmp_path>
              <user_files_path>\(node)/user_files/</user_files_path>
              <format_schema_path>\(node)/format_schemas/</format_schema_path>
              <users_config>users.xml</users_config>
              <default_profile>default</default_profile>
              <default_database>default</default_database>
              <mark_cache_size>67108864</mark_cache_size>
              <uncompressed_cache_size>67108864</uncompressed_cache_size>
              <max_concurrent_queries>50</max_concurrent_queries>
              <remote_servers><\(clusterName)>\(shards)</\(clusterName)></remote_servers>
            </yandex>
            """
    }

    /// The users: `default` without a password, and `reader` with the password `secret` (for
    /// tests of wrong credentials).
    private static let users = """
        <?xml version="1.0"?>
        <yandex>
          <profiles><default></default></profiles>
          <users>
            <default><password></password><networks><ip>127.0.0.0/8</ip><ip>::1</ip></networks><profile>default</profile><quota>default</quota></default>
            <reader><password>secret</password><networks><ip>127.0.0.0/8</ip></networks><profile>default</profile><quota>default</quota></reader>
          </users>
          <quotas><default></default></quotas>
        </yandex>
        """
}
