import IrisVideo

/// The DRM half of `iris devices`: each card with its connectors (and their modes), CRTCs and planes.
enum DisplayListing {
    static func printCards(showModes: Bool = true) {
        let paths = DisplayCard.cardPaths()
        if paths.isEmpty {
            print("no DRM cards (/dev/dri/card*)")
            return
        }
        for path in paths {
            let card: DisplayCard, resources: DisplayResources
            do {
                // Listing needs no master: a compositor may hold the display.
                card = try DisplayCard(path: path, requireMaster: false)
                resources = try card.resources()
            } catch {
                print("\(path): skipped (\(error))")
                continue
            }
            print(
                "\(path): DRM card (driver \(card.driver)), framebuffers "
                    + "\(resources.minWidth)x\(resources.minHeight)…\(resources.maxWidth)x\(resources.maxHeight)"
            )
            for connector in resources.connectors {
                print("  connector \(connector)")
                guard showModes, !connector.modes.isEmpty else { continue }
                let modes = connector.modes.map {
                    "\($0.width)x\($0.height)@\(Int($0.refresh.rounded()))\($0.preferred ? "*" : "")"
                }
                print("     modes (* preferred): " + modes.joined(separator: " "))
            }
            for crtc in resources.crtcs {
                print(
                    "  crtc \(crtc.id): "
                        + (crtc.framebuffer != 0
                            ? "fb \(crtc.framebuffer), \(crtc.mode.map(\.description) ?? "no mode")" : "off"))
            }
            for plane in resources.planes { print("  \(plane)") }
        }
    }
}
