/// Picks the connector, mode and CRTC a display runs: a pure function of the card's resources, so the
/// rules are testable without a card.
public struct ModeChoice: Sendable, Equatable {
    public let connector: DisplayConnector
    public let mode: DisplayMode
    public let crtc: DisplayCRTC

    /// The named connector (else the first connected one that is not a writeback), the requested mode (else
    /// the preferred one, else the first), and the CRTC driving the connector now (else the first it can use).
    public static func choose(
        in resources: DisplayResources, connector name: String? = nil, mode request: ModeRequest? = nil,
        path: String
    ) throws(DisplayError) -> ModeChoice {
        let outputs = resources.connectors.filter { !$0.isWriteback }
        let connected = outputs.filter { $0.connected && !$0.modes.isEmpty }
        let connector: DisplayConnector
        if let name {
            guard let named = connected.first(where: { $0.name == name || String($0.id) == name }) else {
                throw .noSuchConnector(path: path, connector: name, available: outputs.map(\.description))
            }
            connector = named
        } else {
            guard let first = connected.first else {
                throw .noConnectedConnector(path: path, connectors: outputs.map(\.description))
            }
            connector = first
        }
        let mode: DisplayMode
        if let request {
            let matches = connector.modes.filter { request.matches($0) && !$0.interlaced }
            guard let best = matches.first(where: \.preferred) ?? matches.max(by: { $0.refresh < $1.refresh }) else {
                throw .modeNotOffered(
                    path: path, connector: connector.name, requested: request.description,
                    offered: connector.modes.map { "\($0.width)x\($0.height)@\(String(format2: $0.refresh))" })
            }
            mode = best
        } else {
            mode = connector.modes.first(where: \.preferred) ?? connector.modes[0]
        }
        let usable = resources.crtcs.filter { connector.possibleCRTCs & (1 << UInt32($0.index)) != 0 }
        // The CRTC already lit for this connector keeps the switch cheap; else the first free one it can use.
        let lit = resources.crtcs.first { c in c.framebuffer != 0 && usable.contains(c) && connector.currentEncoder != 0
        }
        guard let crtc = lit ?? usable.first(where: { $0.framebuffer == 0 }) ?? usable.first else {
            throw .noCRTC(path: path, connector: connector.name)
        }
        return ModeChoice(connector: connector, mode: mode, crtc: crtc)
    }
}
