/// The page a browser opens: the stream, the live figures, the latest detections, and a control for each
/// input of the running chain, built from the filters' descriptors (`GET /api/chain`): sliders over the
/// slider range, colour pickers, a field per vector component. Everything it shows comes from the server's
/// own endpoints; it loads nothing from elsewhere.
enum PreviewPage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Iris live preview</title>
        <style>
          body { font: 14px system-ui, sans-serif; margin: 0; background: #16181c; color: #e6e6e6; }
          header { padding: 8px 16px; background: #23262c; display: flex; gap: 24px; align-items: baseline; flex-wrap: wrap; }
          header h1 { font-size: 16px; margin: 0; }
          .figure { font-variant-numeric: tabular-nums; }
          main { display: flex; gap: 16px; padding: 16px; flex-wrap: wrap; }
          #view { flex: 1 1 640px; }
          #stream { max-width: 100%; background: #000; display: block; }
          aside { flex: 0 1 360px; }
          section { background: #23262c; border-radius: 6px; padding: 8px 12px; margin-bottom: 12px; }
          h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: #9aa; margin: 4px 0 8px; }
          fieldset { border: 1px solid #3a3f47; border-radius: 4px; margin: 0 0 8px; }
          label { display: grid; grid-template-columns: 9em 1fr 4em; gap: 6px; align-items: center; margin: 4px 0; }
          label output { text-align: right; font-variant-numeric: tabular-nums; }
          #detections { list-style: none; padding: 0; margin: 0; max-height: 260px; overflow: auto; font-family: monospace; font-size: 12px; }
          #detections li { border-bottom: 1px solid #30343b; padding: 2px 0; }
          #error { color: #ff8a80; min-height: 1em; }
          table { border-collapse: collapse; width: 100%; } td { padding: 1px 4px; } td:last-child { text-align: right; }
        </style>
        </head>
        <body>
        <header>
          <h1>Iris</h1>
          <span class="figure">fps <b id="fps">–</b></span>
          <span class="figure">latency <b id="latency" title="capture → display, or capture → sent to viewers">–</b></span>
          <span class="figure">detector <b id="detector">–</b></span>
          <span class="figure">viewers <b id="viewers">–</b></span>
          <span id="state">connecting…</span>
        </header>
        <main>
          <div id="view"><img id="stream" src="stream.mjpg" alt="the pipeline's rendered frames"></div>
          <aside>
            <section><h2>Filters</h2><div id="controls"></div><div id="error"></div></section>
            <section><h2>Detections</h2><ul id="detections"></ul></section>
            <section><h2>Drops</h2><table id="drops"></table></section>
          </aside>
        </main>
        <script>
        "use strict";
        const $ = (id) => document.getElementById(id);
        const ms = (s) => s ? s.p50.toFixed(1) + " ms (p99 " + s.p99.toFixed(1) + ")" : "–";

        function showMetrics(report) {
          const m = report.metrics;
          $("fps").textContent = m.outputFPS.toFixed(1);
          $("latency").textContent = ms(m.captureToDisplay || (m.web && m.web.captureToSent) || m.captureToFile);
          $("detector").textContent = ms(m.detector);
          $("viewers").textContent = m.web ? m.web.viewers : "–";
          $("drops").replaceChildren(...Object.entries(m.drops).map(([stage, n]) => {
            const row = document.createElement("tr");
            row.innerHTML = "<td></td><td></td>";
            row.cells[0].textContent = stage; row.cells[1].textContent = n;
            return row;
          }));
        }

        function describe(feature) {
          const points = Object.values(feature.corners || {});
          const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
          const left = Math.min(...xs), bottom = Math.min(...ys);
          const size = [Math.max(...xs) - left, Math.max(...ys) - bottom];
          const box = points.length ? "[" + [left, bottom, ...size].map(Math.round).join(",") + "]" : "";
          if (feature.type === "qr") return "qr \\"" + feature.message + "\\" " + box;
          if (feature.type === "face") {
            const id = feature.trackingID !== undefined ? " #" + feature.trackingID : "";
            return "face" + id + (feature.smile ? " smile" : "") + " " + box;
          }
          return feature.type + " " + box;
        }

        function showDetection(line) {
          if (!line.features.length) return;
          const item = document.createElement("li");
          item.dataset.frame = line.frame;
          item.textContent = "frame " + line.frame + ": " + line.features.map(describe).join("; ");
          const list = $("detections");
          list.prepend(item);
          while (list.children.length > 30) list.lastChild.remove();
        }

        // Changes this page has sent and not yet heard back about: the chain event they cause is this page's own.
        let sending = 0;
        async function send(index, key, value) {
          sending += 1;
          try {
            const response = await fetch("api/chain/" + index, {method: "POST", headers: {"Content-Type": "application/json"},
                                                                body: JSON.stringify({inputs: {[key]: value}})});
            const body = await response.json();
            $("error").textContent = response.ok ? "" : body.error;
            // The controls already show what was sent: no rebuild for this version.
            if (response.ok) shownVersion = body.version;
          } finally {
            sending -= 1;
          }
        }

        function control(filter, input) {
          const label = document.createElement("label");
          const name = document.createElement("span");
          name.textContent = input.key.replace(/^input/, "");
          name.title = input.summary;
          label.append(name);
          const numeric = ["scalar", "angle", "distance", "integer", "boolean"].includes(input.type);
          if (numeric && typeof input.value === "number") {
            const slider = document.createElement("input");
            slider.type = "range";
            const value = input.value;
            const low = input.sliderMin ?? input.min ?? Math.min(0, value), high = input.sliderMax ?? input.max ?? Math.max(1, value * 2);
            slider.min = low; slider.max = high;
            slider.step = input.type === "integer" || input.type === "boolean" ? 1 : (high - low) / 200;
            slider.value = value;
            slider.dataset.filter = filter.index; slider.dataset.key = input.key;
            const shown = document.createElement("output");
            shown.textContent = (+value).toFixed(2);
            slider.addEventListener("input", () => { dragging = true; shown.textContent = (+slider.value).toFixed(2); });
            slider.addEventListener("change", () => { dragging = false; send(filter.index, input.key, +slider.value); });
            label.append(slider, shown);
          } else if (input.type === "color" && Array.isArray(input.value)) {
            const picker = document.createElement("input");
            picker.type = "color";
            picker.value = "#" + input.value.slice(0, 3).map((c) => Math.round(Math.min(1, Math.max(0, c)) * 255).toString(16).padStart(2, "0")).join("");
            picker.dataset.filter = filter.index; picker.dataset.key = input.key;
            picker.addEventListener("change", () => {
              const h = picker.value;
              send(filter.index, input.key, [1, 3, 5].map((i) => parseInt(h.substr(i, 2), 16) / 255).concat([input.value[3] ?? 1]));
            });
            label.append(picker, document.createElement("span"));
          } else if (Array.isArray(input.value)) {
            const fields = document.createElement("span");
            const boxes = input.value.map((v) => {
              const box = document.createElement("input");
              box.type = "number"; box.value = v; box.step = "any"; box.style.width = "4.5em";
              box.addEventListener("change", () => send(filter.index, input.key, boxes.map((b) => +b.value)));
              return box;
            });
            fields.append(...boxes);
            fields.dataset.filter = filter.index; fields.dataset.key = input.key;
            label.append(fields, document.createElement("span"));
          } else if (typeof input.value === "string") {
            const text = document.createElement("input");
            text.value = input.value;
            text.addEventListener("change", () => send(filter.index, input.key, text.value));
            label.append(text, document.createElement("span"));
          } else {
            return null;
          }
          return label;
        }

        function showChain(chain) {
          if (chain.reverted) $("error").textContent = "taken back: " + chain.reverted;
          $("controls").replaceChildren(...chain.filters.map((filter) => {
            const set = document.createElement("fieldset");
            const legend = document.createElement("legend");
            legend.textContent = filter.displayName + " (" + filter.name + ")";
            set.append(legend, ...filter.inputs.map((input) => control(filter, input)).filter((c) => c));
            return set;
          }));
          if (!chain.filters.length) $("controls").textContent = "no filters";
        }

        let shownVersion = -1;
        // Set between a slider's first move and its release: a change from elsewhere then waits for the release.
        let dragging = false;
        async function loadChain() {
          if (dragging || sending) { setTimeout(loadChain, 500); return; }
          const chain = await (await fetch("api/chain")).json();
          if (chain.version !== shownVersion) { shownVersion = chain.version; showChain(chain); }
        }

        const events = new EventSource("events");
        events.onopen = () => { $("state").textContent = "live"; };
        events.addEventListener("metrics", (e) => showMetrics(JSON.parse(e.data)));
        events.addEventListener("detection", (e) => showDetection(JSON.parse(e.data)));
        events.addEventListener("chain", (e) => {
          const chain = JSON.parse(e.data);
          // A slider being dragged keeps its place, and this page's own change needs no rebuild; a change from
          // elsewhere rebuilds the controls.
          if (dragging || sending) { loadChain(); } else if (chain.version !== shownVersion) { shownVersion = chain.version; showChain(chain); }
        });
        events.addEventListener("end", (e) => { $("state").textContent = "ended: " + JSON.parse(e.data).reason; events.close(); });
        events.onerror = () => { if ($("state").textContent === "live") $("state").textContent = "disconnected"; };
        loadChain();
        </script>
        </body>
        </html>
        """

    /// What a browser shows without the token.
    static let unauthorized = Array(
        """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Iris: token needed</title></head>
        <body style="font: 15px system-ui, sans-serif; margin: 2em"><h1>A token is needed</h1>
        <p>This camera is private. Open the URL that <code>iris run</code> printed when it started (it ends in <code>?token=…</code>).</p>
        </body></html>

        """.utf8)
}
