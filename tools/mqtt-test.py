"""The MQTT publisher's acceptance test (issue 36): real mosquitto brokers on loopback ports of their own,
a paho-mqtt subscriber, and `iris run --publish` on a clip where a QR code and a face come and go every
2.5 s (so every run has a steady stream of `new` and `end` events). Run by tools/mqtt-test, which picks the
iris binary (IRIS) and the Python that has paho-mqtt.

Each check prints an `ok` line when it passes; the first failure prints why and exits 1. Every broker,
iris and subscriber this test starts is stopped whatever happens.

The runs, in this order:
  A  events + discovery + commands, ended by SIGTERM    (checks 1, 2, 6 and SIGTERM's half of 3)
  B  SIGKILL: the broker's last will                      (check 3)
  C  the broker killed and restarted mid-run              (check 4)
  E  the broker killed for good, then SIGTERM             (the dropped events are counted)
  D  start-up failures: credentials, URLs, no broker      (check 5)
and last, the `published: … (A of E events acknowledged, D dropped)` figures of runs A, C and E.
"""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.request

import paho.mqtt.client as mqtt

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IRIS = os.path.abspath(os.environ["IRIS"])
DEMO = os.path.join(REPO, "Recordings/demo-640x480.mp4")
EMPTY = os.path.join(REPO, "Recordings/empty-640x480.mp4")
QR_MESSAGE = "https://example.org/iris/demo?frame=pan"
PREFIX = "iris"
HA = "homeassistant"

# The clip: 1 s of the demo (her face and the QR code) then 1.5 s of an empty scene, at 320×240 (light
# enough that 2 cores keep 30 fps with room to spare) and looped: each 2.5 s cycle makes a `new` and, a
# second after they vanish, an `end` for both objects.
CYCLE = 2.5
FPS = 30

# How long things may take (generous: the machine may be shared); each is a timeout, not a sleep.
START_TIMEOUT = 20          # iris up and `online`
WILL_TIMEOUT = 20           # SIGKILL → the broker's `offline` (keepalive 10 s × 1.5 = 15 s at worst)
SIGTERM_EXIT = 5.0          # SIGTERM → exit 0 (the publisher drains for 3 s at most)
FPS_TOLERANCE = 0.10        # the fps with the broker away within 10 % of the fps with it there
OUTAGE = 3.0                # seconds the broker stays dead in run C

started = time.monotonic()
scratch = tempfile.mkdtemp(prefix="iris-mqtt-test.")
cleanups = []               # run last-in first-out, whatever happens


def elapsed():
    return f"{time.monotonic() - started:5.1f}s"


def passed(message):
    print(f"[{elapsed()}] ok   {message}", flush=True)


def note(message):
    print(f"[{elapsed()}]      {message}", flush=True)


class Failure(Exception):
    pass


def wait_for(what, probe, timeout, interval=0.05):
    """Polls `probe` until it returns something truthy (a fixed sleep would be flaky on a loaded machine
    or slow on an idle one)."""
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() > deadline:
            raise Failure(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tail(path, lines=15):
    try:
        with open(path, errors="replace") as f:
            return "".join(f.readlines()[-lines:])
    except OSError:
        return ""


# --- mosquitto ---------------------------------------------------------------------------------------------

class Broker:
    """A mosquitto of our own on a loopback port; `users` makes it refuse anonymous clients."""

    count = 0

    def __init__(self, port=None, users=None):
        Broker.count += 1
        self.name = f"broker{Broker.count}"
        self.port = port or free_port()
        self.users = users
        self.process = None
        self.starts = 0
        cleanups.append(self.stop)

    def start(self):
        self.starts += 1
        base = os.path.join(scratch, f"{self.name}-{self.starts}")
        self.log = base + ".log"
        # Run as root, mosquitto would become the user `mosquitto`, who may not write its log (flushed a
        # line at a time, which its stdout is not) or read the password file in this folder.
        lines = [f"listener {self.port} 127.0.0.1", "persistence false", f"log_dest file {self.log}",
                 "log_type all", "connection_messages true"] + (["user root"] if os.geteuid() == 0 else [])
        if self.users:
            passwords = os.path.join(scratch, f"{self.name}.passwd")
            for i, (user, password) in enumerate(self.users.items()):
                subprocess.run(["mosquitto_passwd", "-b"] + (["-c"] if i == 0 else []) + [passwords, user, password],
                               check=True, capture_output=True)
            lines += ["allow_anonymous false", f"password_file {passwords}"]
        else:
            lines += ["allow_anonymous true"]
        with open(base + ".conf", "w") as f:
            f.write("\n".join(lines) + "\n")
        self.process = subprocess.Popen(["mosquitto", "-c", base + ".conf"], stdout=subprocess.DEVNULL,
                                        stderr=open(base + ".stderr", "w"))

        def listening():
            if self.process.poll() is not None:
                raise Failure(f"mosquitto on port {self.port} exited ({self.process.returncode}): "
                              f"{tail(base + '.stderr')}{tail(self.log)}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return True
            except OSError:
                return False
        wait_for(f"mosquitto to listen on port {self.port}", listening, 10, interval=0.02)
        return self

    def kill(self):
        self.process.kill()
        self.process.wait()

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def log_lines(self):
        with open(self.log, errors="replace") as f:
            return f.read().splitlines()


# --- the subscriber ----------------------------------------------------------------------------------------

class Message:
    __slots__ = ("t", "wall", "topic", "payload", "retain")

    def __init__(self, topic, payload, retain):
        self.t, self.wall = time.monotonic(), time.time()
        self.topic, self.payload, self.retain = topic, payload, retain

    @property
    def text(self):
        return self.payload.decode("utf-8", "replace")


class Watcher:
    """A paho client subscribed (QoS 1) to `topics`, keeping every message with its arrival time. It
    connects with retries (a broker just restarted) and returns once the broker has granted the
    subscriptions, so nothing published afterwards is missed."""

    count = 0

    def __init__(self, port, topics=("#",), timeout=10):
        Watcher.count += 1
        self.client_id = f"mqtt-test-{os.getpid()}-{Watcher.count}"
        self.messages = []
        self.lock = threading.Lock()
        self.subscribed = threading.Event()
        client = mqtt.Client(client_id=self.client_id, clean_session=True)
        client.on_connect = lambda c, u, flags, rc: rc == 0 and c.subscribe([(t, 1) for t in topics])
        client.on_subscribe = lambda c, u, mid, granted: self.subscribed.set()
        client.on_message = self._received
        self.client = client
        deadline = time.monotonic() + timeout
        while True:
            try:
                client.connect("127.0.0.1", port, keepalive=30)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise Failure(f"the test's subscriber could not connect to port {port}")
                time.sleep(0.02)
        client.loop_start()
        cleanups.append(self.close)
        if not self.subscribed.wait(timeout):
            raise Failure(f"the broker on port {port} did not grant the test's subscription")
        self.subscribed_at = time.monotonic()

    def _received(self, client, userdata, message):
        with self.lock:
            self.messages.append(Message(message.topic, bytes(message.payload), bool(message.retain)))

    def snapshot(self, topic=None, after=0):
        with self.lock:
            return [m for m in self.messages[after:] if topic is None or m.topic == topic]

    def mark(self):
        with self.lock:
            return len(self.messages)

    def wait(self, what, topic, after=0, match=lambda m: True, timeout=5):
        return wait_for(what, lambda: next((m for m in self.snapshot(topic, after) if match(m)), None), timeout)

    def publish(self, topic, payload, retain=False):
        info = self.client.publish(topic, payload, qos=1, retain=retain)
        info.wait_for_publish(5)
        if not info.is_published():
            raise Failure(f"the test could not publish on {topic}")

    def close(self):
        self.client.loop_stop()
        try:
            self.client.disconnect()
        except Exception:
            pass


# --- iris ----------------------------------------------------------------------------------------------

class Iris:
    count = 0

    def __init__(self, args, cwd=None, env=None):
        Iris.count += 1
        base = os.path.join(scratch, f"iris{Iris.count}")
        self.stdout_path, self.stderr_path = base + ".stdout", base + ".stderr"
        self.args = [IRIS, "run"] + args
        self.process = subprocess.Popen(self.args, cwd=cwd or scratch, env=env or os.environ,
                                        stdout=open(self.stdout_path, "w"), stderr=open(self.stderr_path, "w"))
        self.started = time.monotonic()
        cleanups.append(self.stop)

    @property
    def pid(self):
        return self.process.pid

    def alive(self):
        return self.process.poll() is None

    def check_alive(self):
        if not self.alive():
            raise Failure(f"iris exited early ({self.process.returncode}):\n{self.stderr()}")

    def wait(self, timeout):
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            raise Failure(f"iris did not exit within {timeout:.0f} s: {' '.join(self.args)}")

    def stop(self):
        if self.alive():
            self.process.kill()
            self.process.wait()

    def stdout(self):
        with open(self.stdout_path, errors="replace") as f:
            return f.read()

    def stderr(self):
        with open(self.stderr_path, errors="replace") as f:
            return f.read()


def publishing(port, camera, *extra, source=None):
    return ["--source", source or CLIP, "--loop", "--realtime", "--detect", "qr,face", "--renderer", "cpu",
            "--preview", "none", "--quiet", "--publish", f"mqtt://127.0.0.1:{port}/{PREFIX}",
            "--camera-name", camera] + list(extra)


def wait_online(watcher, iris, base, after=0):
    def online():
        iris.check_alive()
        return next((m for m in watcher.snapshot(f"{base}/available", after) if m.text == "online"), None)
    return wait_for(f"'online' on {base}/available", online, START_TIMEOUT)


def new_event(watcher, base, after):
    """Waits for a `new` event after message `after`: objects are open for about a second from then."""
    return watcher.wait("a new object", f"{base}/events", after, lambda m: json.loads(m.payload)["type"] == "new",
                        timeout=CYCLE * 2 + 1)


def read_jsonl(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def mqtt_events(messages):
    """The events as delivered, parsed, deduplicated by sequence (QoS 1 delivers at least once: a resend
    after a lost acknowledgement is a duplicate, which must be identical); in first-arrival order."""
    seen, events, duplicates = {}, [], 0
    for m in messages:
        event = json.loads(m.payload)
        number = event["sequence"]
        if number in seen:
            if seen[number] != event:
                raise Failure(f"two different events with sequence {number} on {m.topic}:\n"
                              f"{seen[number]}\n{event}")
            duplicates += 1
            continue
        seen[number] = event
        events.append(event)
    return events, duplicates


def check_lifecycles(events, where):
    """Every `new` has exactly one `end`, after it; nothing follows an object's end."""
    state = {}
    for e in events:
        key = e["after"]["id"]
        if e["type"] == "new":
            if key in state:
                raise Failure(f"{where}: a second `new` for {key} (sequence {e['sequence']})")
            state[key] = "open"
        elif state.get(key) != "open":
            raise Failure(f"{where}: `{e['type']}` for {key} (sequence {e['sequence']}) "
                          f"{'after its end' if key in state else 'without its new'}")
        elif e["type"] == "end":
            state[key] = "ended"
    still_open = sorted(k for k, s in state.items() if s == "open")
    if still_open:
        raise Failure(f"{where}: no `end` for {', '.join(still_open)}")
    return len(state)


def compare_events(expected, received, where):
    """`received` (MQTT, deduplicated) must be the JSONL's events, the same objects in the same order."""
    if [e["sequence"] for e in expected] != list(range(1, len(expected) + 1)):
        raise Failure(f"{where}: the JSONL's sequences are not 1…{len(expected)}: "
                      f"{[e['sequence'] for e in expected]}")
    want = {e["sequence"]: e for e in expected}
    got = {e["sequence"]: e for e in received}
    missing = sorted(set(want) - set(got))
    extra = sorted(set(got) - set(want))
    if missing or extra:
        raise Failure(f"{where}: {len(expected)} events in the JSONL, {len(received)} over MQTT; "
                      f"missing over MQTT: {missing or 'none'}; not in the JSONL: {extra or 'none'}")
    for number in want:
        if want[number] != got[number]:
            raise Failure(f"{where}: event {number} differs:\n  JSONL {json.dumps(want[number], sort_keys=True)}\n"
                          f"  MQTT  {json.dumps(got[number], sort_keys=True)}")
    order = [e["sequence"] for e in received]
    if order != sorted(order):
        late = [b for a, b in zip(order, order[1:]) if b < a]
        raise Failure(f"{where}: events arrived out of order (sequence {late[0]} after a later one): {order}")


summaries = []  # (run, iris, metrics file, events in its JSONL, events the subscriber got): by check_summaries


def check_summaries():
    """At its end iris prints `published: URL (A of E events acknowledged, D dropped)`, and the metrics file
    has publish.events, eventsAcknowledged and eventsDropped. Once the run is over every event is either
    acknowledged by the broker or dropped, so A + D = E, with E the lines of the JSONL; where the
    subscriber got every event (the broker there at the end), A = E and D = 0; where the broker was gone at
    the end, the events it never got are the dropped ones. Checked after every other check, so that a wrong
    figure here hides none of them."""
    for run, iris, metrics_path, count, delivered in summaries:
        match = re.search(r"^published: (\S+) \((\d+) of (\d+) events acknowledged, (\d+) dropped\)", iris.stdout(), re.M)
        if not match:
            raise Failure(f"{run}: no 'published: …' line in iris's output:\n{iris.stdout()}")
        printed = int(match[2]), int(match[3]), int(match[4])
        with open(metrics_path) as f:
            publish = json.load(f)["metrics"]["publish"]
        figures = (publish["eventsAcknowledged"], publish["events"], publish["eventsDropped"])
        expected = (count, count, 0) if delivered == count else (delivered, count, count - delivered)
        said = f"iris printed '{printed[0]} of {printed[1]} events acknowledged, {printed[2]} dropped' (metrics file: " \
               f"{figures[0]} of {figures[1]}, {figures[2]} dropped)"
        if printed != figures or printed[1] != count or printed[0] + printed[2] != count:
            raise Failure(f"{run}: {said}; the JSONL has {count} events, of which the subscriber got {delivered}: "
                          f"acknowledged + dropped should be all {count} once the run is over (expected about "
                          f"'{expected[0]} of {count} events acknowledged, {expected[2]} dropped')")
        if delivered == count and printed != expected:
            raise Failure(f"{run}: {said}, but all {count} events reached the subscriber and the broker was there "
                          f"at the end: expected '{count} of {count} events acknowledged, 0 dropped'")
        if delivered < count and printed[2] < 1:
            raise Failure(f"{run}: {said}, but the subscriber got {delivered} of {count}: the rest were dropped")
        passed(f"{run}: published … ({printed[0]} of {printed[1]} events acknowledged, {printed[2]} dropped), "
               f"the same in the metrics file; the subscriber got {delivered}")


# --- the clip ------------------------------------------------------------------------------------------------

def make_clip():
    path = os.path.join(scratch, "comings-and-goings.mp4")
    present, absent = FPS, int(FPS * 1.5)
    graph = (f"[0:v]trim=start_frame=0:end_frame={present},setpts=PTS-STARTPTS,scale=320:240[a];"
             f"[1:v]trim=start_frame=0:end_frame={absent},setpts=PTS-STARTPTS,scale=320:240[b];"
             "[a][b]concat=n=2:v=1:a=0,format=yuv420p[v]")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", DEMO, "-i", EMPTY, "-filter_complex", graph, "-map", "[v]",
                    "-r", str(FPS), "-c:v", "libx264", "-preset", "veryfast", "-g", "15", path], check=True)
    return path


# --- run A: events, discovery, commands, SIGTERM ---------------------------------------------------------

HA_ENTITIES = {  # component/object → the key that component requires, and the topic iris must give it
    "binary_sensor/face": ("state_topic", "face"),
    "binary_sensor/qr": ("state_topic", "qr"),
    "sensor/faces": ("state_topic", "face"),
    "sensor/qr_codes": ("state_topic", "qr"),
    "sensor/rectangles": ("state_topic", "rect"),
    "sensor/barcodes": ("state_topic", "barcode"),
    "sensor/last_qr": ("state_topic", "qr/message"),
    "camera/snapshot": ("topic", "all/snapshot"),
    "switch/detection": ("command_topic", "detect/set"),
}


def discovery(messages):
    """The discovery configs among `messages` (not Home Assistant's own homeassistant/status)."""
    return [m for m in messages if m.topic.startswith(f"{HA}/") and m.topic.endswith("/config")]


def check_discovery(messages, camera, base):
    """Home Assistant's MQTT docs: binary_sensor and sensor need `state_topic`, camera `topic`, switch
    `command_topic`; discovery needs `unique_id` and a `device` with `identifiers` to register entities;
    `availability_topic` with the payloads iris says; topic levels node_id/object_id of [a-zA-Z0-9_-]."""
    configs = {}
    for m in messages:
        match = re.fullmatch(rf"{HA}/(\w+)/([a-zA-Z0-9_-]+)/([a-zA-Z0-9_-]+)/config", m.topic)
        if not match:
            raise Failure(f"a discovery topic Home Assistant would not read: {m.topic}")
        if match[2] != f"iris_{camera}":
            continue
        try:
            configs[f"{match[1]}/{match[3]}"] = json.loads(m.payload)
        except ValueError:
            raise Failure(f"{m.topic}: not JSON: {m.text[:200]}")
    if set(configs) != set(HA_ENTITIES):
        raise Failure(f"discovery configs: expected {sorted(HA_ENTITIES)}, got {sorted(configs)}")
    unique_ids = set()
    for entity, config in configs.items():
        key, topic = HA_ENTITIES[entity]
        want = {key: f"{base}/{topic}", "availability_topic": f"{base}/available"}
        for k, v in want.items():
            if config.get(k) != v:
                raise Failure(f"discovery {entity}: {k} is {config.get(k)!r}, expected {v!r}")
        if config.get("payload_available", "online") != "online" or config.get("payload_not_available", "offline") != "offline":
            raise Failure(f"discovery {entity}: availability payloads {config.get('payload_available')!r}/"
                          f"{config.get('payload_not_available')!r} are not what iris publishes (online/offline)")
        if entity.startswith("switch/") and config.get("state_topic") not in (None, f"{base}/detect/state"):
            raise Failure(f"discovery {entity}: state_topic {config.get('state_topic')!r}")
        unique_id = config.get("unique_id")
        if not isinstance(unique_id, str) or not unique_id or unique_id in unique_ids:
            raise Failure(f"discovery {entity}: unique_id {unique_id!r} missing or not unique")
        unique_ids.add(unique_id)
        device = config.get("device")
        if not isinstance(device, dict) or not device.get("identifiers"):
            raise Failure(f"discovery {entity}: no device with identifiers: {device!r}")
    identifiers = {json.dumps(c["device"]["identifiers"]) for c in configs.values()}
    if len(identifiers) != 1:
        raise Failure(f"discovery: the entities name different devices: {identifiers}")
    return configs


def run_a(broker):
    camera = "door"
    base = f"{PREFIX}/{camera}"
    events_path, metrics_path = os.path.join(scratch, "a-events.jsonl"), os.path.join(scratch, "a-metrics.json")
    watcher = Watcher(broker.port)
    iris = Iris(publishing(broker.port, camera, "--ha-discovery", "--publish-stats-interval", "1",
                           "--events", events_path, "--events-kind", "objects", "--metrics", metrics_path))
    wait_online(watcher, iris, base)

    # 2. Discovery: retained, complete, and published again when Home Assistant says it is online.
    wait_for(f"{len(HA_ENTITIES)} discovery configs", lambda: len({m.topic for m in discovery(watcher.snapshot())}) >= len(HA_ENTITIES), 5)
    configs = check_discovery(discovery(watcher.snapshot()), camera, base)
    late = Watcher(broker.port, topics=(f"{HA}/#",))
    wait_for("the retained discovery configs", lambda: len(late.snapshot()) >= len(HA_ENTITIES), 3)
    if not all(m.retain for m in late.snapshot()):
        raise Failure("discovery configs are not retained")
    check_discovery(late.snapshot(), camera, base)
    late.close()
    passed(f"discovery: {len(configs)} retained configs ({', '.join(sorted(configs))}) with the keys "
           "Home Assistant requires")
    mark = watcher.mark()
    watcher.publish(f"{HA}/status", "online")
    wait_for("the discovery configs again after 'online' on homeassistant/status",
             lambda: {m.topic for m in discovery(watcher.snapshot(after=mark))}
             >= {f"{HA}/{e.split('/')[0]}/iris_{camera}/{e.split('/')[1]}/config" for e in HA_ENTITIES}, 5)
    check_discovery(discovery(watcher.snapshot(after=mark)), camera, base)
    passed(f"discovery: all {len(HA_ENTITIES)} configs published again after 'online' on homeassistant/status")

    # 6a. filter/set: a good chain, two refused ones (errors, no state, nothing changed), a good one.
    def filter_command(payload):
        mark = watcher.mark()
        watcher.publish(f"{base}/filter/set", payload)
        return mark

    def state_after(mark, what):
        return json.loads(watcher.wait(what, f"{base}/filter/state", mark).payload)

    mark = filter_command(json.dumps(["CISepiaTone inputIntensity=0.8"]))
    first = state_after(mark, "filter/state after a good chain")
    if len(first.get("filters", [])) != 1 or "CISepiaTone" not in first["filters"][0]:
        raise Failure(f"filter/state after ['CISepiaTone inputIntensity=0.8']: {first}")
    refused_from = watcher.mark()
    for bad, culprit in ((json.dumps(["CISepiaTone inputIntensity=5"]), "inputIntensity"),
                         (json.dumps(["CINoSuchFilter"]), "CINoSuchFilter")):
        mark = filter_command(bad)
        error = json.loads(watcher.wait(f"an error for filter/set {bad}", f"{base}/error", mark).payload)
        if error.get("command") != "filter/set" or culprit not in error.get("error", ""):
            raise Failure(f"the error for filter/set {bad} should name {culprit}: {error}")
    mark = filter_command(json.dumps({"filters": ["CISepiaTone inputIntensity=0.5", "CIVignette inputIntensity=0.5"]}))
    second = state_after(mark, "filter/state after the second good chain")
    for_refused = [m for m in watcher.snapshot(after=refused_from)[:mark - refused_from] if m.topic == f"{base}/filter/state"]
    if for_refused:
        raise Failure(f"filter/state was published for a refused chain: {for_refused[0].text}")
    if second.get("version") != first.get("version", -10) + 1 or len(second.get("filters", [])) != 2:
        raise Failure(f"filter/state: version {first.get('version')} → {second.get('version')} across two refused "
                      f"chains and one good one (expected +1), filters {second.get('filters')}")
    passed(f"filter/set: out-of-range and unknown filters refused on {base}/error, no filter/state for them; "
           f"the next good chain moves the version by exactly one ({first['version']} → {second['version']})")

    # 6b. detect/set OFF: no new objects (and no updates) while off; the objects open at the time end as
    # when gone (documented); ON: new objects again.
    watcher.wait("an event before detect/set OFF", f"{base}/events", timeout=CYCLE * 2)
    mark = watcher.mark()
    watcher.publish(f"{base}/detect/set", "OFF")
    off = watcher.wait("detect/state OFF", f"{base}/detect/state", mark, lambda m: m.text == "OFF")
    time.sleep(CYCLE + 0.5)  # a whole cycle: with detection on, a new QR code and face would come in it
    mark_on = watcher.mark()
    watcher.publish(f"{base}/detect/set", "ON")
    on = watcher.wait("detect/state ON", f"{base}/detect/state", mark_on, lambda m: m.text == "ON")
    grace = 0.5  # a frame already in the detectors when OFF came
    opened = [json.loads(m.payload) for m in watcher.snapshot(f"{base}/events")]
    before = {e["after"]["id"] for e in opened if e["type"] == "new" and e["time"] <= off.wall + grace}
    while_off = [json.loads(m.payload) for m in watcher.snapshot(f"{base}/events", mark) if m.t < on.t]
    wrong = [e for e in while_off if e["time"] > off.wall + grace and (e["type"] != "end" or e["after"]["id"] not in before)]
    if wrong:
        raise Failure(f"events while detection was off: {[(e['sequence'], e['type'], e['after']['id']) for e in wrong]}")
    resumed = new_event(watcher, base, mark_on)
    ends = sum(e["type"] == "end" for e in while_off)
    passed(f"detect/set OFF → detect/state OFF and no new object for {on.t - off.t:.1f} s (the {ends} open ended "
           f"as gone); ON → detect/state ON, a new object {resumed.t - on.t:.1f} s later")

    # 3b. SIGTERM: iris says `offline` itself and exits 0 at once. Sent while objects are open (just after a
    # `new`), so the run's end makes their `end`s ("run ended"), the last events of the run.
    mark = watcher.mark()
    new_event(watcher, base, mark)
    mark = watcher.mark()
    sent = time.monotonic()
    iris.process.send_signal(signal.SIGTERM)
    rc = iris.wait(15)
    took = time.monotonic() - sent
    if rc != 0:
        raise Failure(f"iris exited {rc} after SIGTERM:\n{iris.stderr()}")
    if took > SIGTERM_EXIT:
        raise Failure(f"iris took {took:.1f} s to exit after SIGTERM (at most {SIGTERM_EXIT} s)")
    offline = watcher.wait("'offline' after SIGTERM", f"{base}/available", mark, lambda m: m.text == "offline", timeout=3)
    client = f"iris-{camera}-{iris.pid}"
    log = broker.log_lines()
    if not any(f"Client {client} disconnected." in line for line in log):
        raise Failure(f"iris did not disconnect cleanly after SIGTERM (so `offline` may be the broker's will): "
                      f"{[line for line in log if client in line][-3:]}")
    passed(f"SIGTERM: exit 0 in {took:.2f} s, 'offline' on {base}/available {offline.t - sent:.2f} s after the "
           "signal, from iris itself (a clean DISCONNECT, so not the will)")

    # 1. The events: what the subscriber got is what iris wrote, in order; every new has its end.
    expected = read_jsonl(events_path)
    received, duplicates = mqtt_events(watcher.snapshot(f"{base}/events"))
    compare_events(expected, received, "run A")
    objects = check_lifecycles(received, "run A over MQTT")
    if not any(e["type"] == "end" and e["changes"] == ["run ended"] for e in received):
        raise Failure("run A: SIGTERM came while objects were open, but no `end` says 'run ended'")
    if objects < 4:
        raise Failure(f"run A: only {objects} objects came and went; the clip should give several")
    kinds = {k: sum(e["type"] == k for e in received) for k in ("new", "update", "end")}
    passed(f"events: {len(received)} over MQTT equal the {len(expected)} lines of --events (parsed JSON, in order; "
           f"{duplicates} QoS 1 duplicates dropped by sequence); {kinds['new']} new, {kinds['update']} update, "
           f"{kinds['end']} end: every new has its end (those open at SIGTERM: 'run ended')")

    # Counts, the last QR code, snapshots and stats.
    for label in ("qr", "face", "all"):
        values = [m.text for m in watcher.snapshot(f"{base}/{label}")]
        if "1" not in values and "2" not in values or values[-1] != "0":
            raise Failure(f"{base}/{label}: counts {values} (expected some above 0, and 0 at the end)")
    if watcher.snapshot(f"{base}/qr/message")[-1].text != QR_MESSAGE:
        raise Failure(f"{base}/qr/message: {watcher.snapshot(f'{base}/qr/message')[-1].text!r}")
    for topic in (f"{base}/qr/snapshot", f"{base}/all/snapshot"):
        shots = watcher.snapshot(topic)
        if not shots or not all(s.payload[:2] == b"\xff\xd8" and s.payload[-2:] == b"\xff\xd9" for s in shots):
            raise Failure(f"{topic}: {len(shots)} messages, expected JPEGs")
    stats = watcher.snapshot(f"{base}/stats")
    if not stats or "framesRendered" not in json.loads(stats[-1].payload).get("metrics", {}):
        raise Failure(f"{base}/stats: {len(stats)} messages, expected the metrics JSON every second")
    passed(f"counts on {base}/qr|face|all back to 0 at the end, qr/message {QR_MESSAGE}, "
           f"{len(watcher.snapshot(f'{base}/all/snapshot'))} JPEG snapshots, {len(stats)} stats messages")

    summaries.append(("run A (the broker there throughout)", iris, metrics_path, len(expected), len(received)))
    watcher.close()


# --- run B: SIGKILL → the will ---------------------------------------------------------------------------

def run_b(broker):
    camera = "hall"
    base = f"{PREFIX}/{camera}"
    watcher = Watcher(broker.port, topics=(f"{base}/available",))
    iris = Iris(publishing(broker.port, camera))
    online = wait_online(watcher, iris, base)
    mark = watcher.mark()
    killed = time.monotonic()
    iris.process.kill()
    iris.process.wait()
    offline = watcher.wait("'offline' (the last will) after SIGKILL", f"{base}/available", mark,
                           lambda m: m.text == "offline", timeout=WILL_TIMEOUT)
    if not offline.retain and len(watcher.snapshot(f"{base}/available", mark)) != 1:
        raise Failure(f"after SIGKILL: {[m.text for m in watcher.snapshot(f'{base}/available', mark)]}")
    client = f"iris-{camera}-{iris.pid}"
    if any(f"Received DISCONNECT from {client}" in line for line in broker.log_lines()):
        raise Failure(f"the broker's log has a DISCONNECT from {client}, which was SIGKILLed")
    late = Watcher(broker.port, topics=(f"{base}/available",))
    retained = late.wait("the retained availability", f"{base}/available", timeout=3)
    late.close()
    if retained.text != "offline" or not retained.retain:
        raise Failure(f"after SIGKILL the retained {base}/available is {retained.text!r} (retain {retained.retain})")
    passed(f"SIGKILL: the broker published the will 'offline' on {base}/available {offline.t - killed:.2f} s later "
           f"(retained; online {online.t - iris.started:.2f} s after start)")
    watcher.close()


# --- run C: the broker dies and comes back ------------------------------------------------------------------

class MetricsSampler:
    """Polls the web preview's /metrics (the run's figures now) every 0.2 s: framesRendered over the
    pipeline's own clock (`seconds`) gives the fps in any window, whatever MQTT is doing."""

    def __init__(self, port):
        self.url = f"http://127.0.0.1:{port}/metrics"
        self.samples = []  # (monotonic, metrics)
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._poll, daemon=True)
        self.thread.start()
        cleanups.append(self.stop)

    def _poll(self):
        while not self.done.is_set():
            try:
                with urllib.request.urlopen(self.url, timeout=1) as r:
                    report = json.load(r)
                self.samples.append((time.monotonic(), report["metrics"]))
            except (OSError, ValueError, KeyError):
                pass
            self.done.wait(0.2)

    def stop(self):
        self.done.set()
        self.thread.join(2)

    def latest(self):
        return self.samples[-1][1] if self.samples else None

    def rate(self, start, end):
        """Frames rendered a second between the first sample at or after `start` and the last at or
        before `end`, by the pipeline's clock."""
        inside = [m for t, m in self.samples if start <= t <= end]
        if len(inside) < 2:
            raise Failure(f"too few /metrics samples between {start - started:.1f} s and {end - started:.1f} s")
        a, b = inside[0], inside[-1]
        drops = lambda m: m["drops"]["source"] + m["drops"]["capture"]
        return (b["framesRendered"] - a["framesRendered"]) / (b["seconds"] - a["seconds"]), b["seconds"] - a["seconds"], drops(b) - drops(a)


def run_c(broker):
    """The broker is SIGKILLed for OUTAGE seconds and started again on the same port.

    The fps is measured with --realtime: the clip plays at its 30 fps as a camera would deliver it, so the
    pipeline has spare time and renders every frame with the broker there; a publisher that held up the
    pipeline while the broker was away (a blocking publish, a full queue waited on) would show as fewer
    frames rendered a second, or as dropped ones. As fast as possible (no --realtime), the fps would
    measure the CPU, which other processes on the machine share, not the publisher."""
    camera = "yard"
    base = f"{PREFIX}/{camera}"
    web = free_port()
    events_path, metrics_path = os.path.join(scratch, "c-events.jsonl"), os.path.join(scratch, "c-metrics.json")
    watcher = Watcher(broker.port)
    iris = Iris(publishing(broker.port, camera, "--events", events_path, "--events-kind", "objects",
                           "--metrics", metrics_path, "--no-publish-snapshots", "--preview", f"http://127.0.0.1:{web}"))
    wait_online(watcher, iris, base)
    sampler = MetricsSampler(web)
    wait_for("the web preview's /metrics", lambda: len(sampler.samples) >= 2, 5)
    t_up = time.monotonic()
    # A first window with the broker there, long enough to hold an object's new and end.
    time.sleep(CYCLE + 0.5)

    broker.kill()
    t_kill, wall_kill = time.monotonic(), time.time()
    watcher.close()
    wait_for("iris to see the broker gone (/metrics publish.connected false)",
             lambda: (sampler.latest() or {}).get("publish", {}).get("connected") is False, 5)
    time.sleep(max(0.0, t_kill + OUTAGE - time.monotonic()))
    iris.check_alive()
    broker.start()
    t_restart = time.monotonic()
    # The subscriber comes back at once; libmosquitto retries after 0, 1, 4, 9… s, so iris comes later.
    watcher2 = Watcher(broker.port)

    def reconnected():
        iris.check_alive()
        p = (sampler.latest() or {}).get("publish", {})
        return p.get("connected") is True and p.get("reconnects", 0) >= 1
    wait_for("iris to reconnect (/metrics publish.reconnects ≥ 1)", reconnected, 35)
    t_back, wall_back = time.monotonic(), time.time()
    log = broker.log_lines()
    client = f"iris-{camera}-{iris.pid}"
    ours = next((i for i, line in enumerate(log) if f"Received SUBSCRIBE from {watcher2.client_id}" in line), None)
    theirs = next((i for i, line in enumerate(log) if f"as {client}" in line), None)
    if ours is None or theirs is None or ours > theirs:
        raise Failure("the test's subscriber was not back before iris reconnected, so it may have missed events "
                      f"(a harness race, not iris's fault): broker log lines {ours} and {theirs}")
    # A last window with the broker back, so the queued events and new ones go out; then the end, while
    # objects are open (just after a `new`).
    time.sleep(1)
    new_event(watcher2, base, watcher2.mark())
    mark = watcher2.mark()
    iris.process.send_signal(signal.SIGTERM)
    rc = iris.wait(15)
    sampler.stop()
    if rc != 0:
        raise Failure(f"run C: iris exited {rc}:\n{iris.stderr()}")
    # `offline` follows the last events on the same session, so once it is here, they all are.
    watcher2.wait("'offline' after SIGTERM", f"{base}/available", mark, lambda m: m.text == "offline", timeout=3)

    expected = read_jsonl(events_path)
    during = [e for e in expected if wall_kill < e["time"] < wall_back]
    if not during:
        raise Failure("run C: no event was made while the broker was away, so the check proves nothing")
    messages = watcher.snapshot(f"{base}/events") + watcher2.snapshot(f"{base}/events")
    received, duplicates = mqtt_events(messages)
    compare_events(expected, received, "run C (the broker restarted)")
    check_lifecycles(received, "run C over MQTT")
    with open(metrics_path) as f:
        publish = json.load(f)["metrics"]["publish"]
    if publish.get("reconnects", 0) < 1:
        raise Failure(f"run C: metrics publish.reconnects is {publish.get('reconnects')}: {publish}")
    if publish.get("eventsDropped") != 0:
        raise Failure(f"run C: metrics publish.eventsDropped is {publish.get('eventsDropped')}: {publish}")
    passed(f"broker SIGKILLed for {t_back - t_kill:.1f} s (restarted after {t_restart - t_kill:.1f} s): all {len(expected)} "
           f"events of --events arrived, in order ({len(during)} made while it was away, {duplicates} QoS 1 duplicates "
           f"dropped by sequence); metrics: reconnects {publish['reconnects']}, eventsDropped 0")
    summaries.append(("run C (the broker restarted)", iris, metrics_path, len(expected), len(received)))

    with_broker, span_with, drops_with = sampler.rate(t_up, t_kill)
    without, span_without, drops_without = sampler.rate(t_kill + 0.3, t_back)
    change = (without - with_broker) / with_broker
    line = (f"{without:.1f} fps rendered over {span_without:.1f} s with the broker away vs {with_broker:.1f} fps over "
            f"{span_with:.1f} s with it there ({change:+.1%}; source+capture drops {drops_without} vs {drops_with})")
    if abs(change) > FPS_TOLERANCE:
        raise Failure(f"run C: {line}: more than {FPS_TOLERANCE:.0%} apart")
    passed(f"fps at --realtime 30: {line}")
    watcher2.close()


# --- run E: the broker gone at the end ------------------------------------------------------------------------

def run_e():
    """The broker dies for good mid-run, events are made while it is away, then SIGTERM: iris still exits
    0 (after its drain, 3 s at most) and says `offline`… to no one; its figures must count the events the
    broker never got as dropped (checked by check_summaries)."""
    broker = Broker().start()
    camera = "shed"
    base = f"{PREFIX}/{camera}"
    events_path, metrics_path = os.path.join(scratch, "e-events.jsonl"), os.path.join(scratch, "e-metrics.json")
    watcher = Watcher(broker.port, topics=(f"{base}/#",))
    iris = Iris(publishing(broker.port, camera, "--events", events_path, "--events-kind", "objects",
                           "--metrics", metrics_path, "--no-publish-snapshots"))
    wait_online(watcher, iris, base)
    new_event(watcher, base, 0)
    broker.kill()
    wall_kill = time.time()
    watcher.close()
    time.sleep(CYCLE + 0.5)  # a whole cycle without the broker: a new QR code and face, and their ends
    sent = time.monotonic()
    iris.process.send_signal(signal.SIGTERM)
    rc = iris.wait(15)
    took = time.monotonic() - sent
    limit = 8.0  # MQTTPublisher.drainSeconds (3 s), 2 s for acknowledgements that cannot come, 3 s to spare
    if rc != 0 or took > limit:
        raise Failure(f"run E: after SIGTERM with the broker gone iris exited {rc} in {took:.1f} s (expected 0 within "
                      f"{limit:.0f} s):\n{iris.stderr()}")
    expected = read_jsonl(events_path)
    received, _ = mqtt_events(watcher.snapshot(f"{base}/events"))
    after_kill = [e for e in expected if e["time"] > wall_kill]
    if not after_kill:
        raise Failure("run E: no event was made after the broker died, so the check proves nothing")
    passed(f"broker gone for good: SIGTERM → exit 0 in {took:.1f} s (the publisher's drain); {len(expected)} events in "
           f"--events, {len(received)} reached the subscriber, {len(after_kill)} made after the broker died")
    summaries.append(("run E (the broker gone at the end)", iris, metrics_path, len(expected), len(received)))


# --- run D: start-up failures --------------------------------------------------------------------------------

def run_d():
    users = {"iris": "s3cret-pass"}
    secure = Broker(users=users).start()
    credentials = os.path.join(scratch, "credentials")

    # The refused runs read a FIFO no one writes: opened before the broker's answer, it would hold iris
    # (a recording's reader waits for data), so a prompt exit shows the broker is tried before the source.
    fifo = os.path.join(scratch, "no-writer.mp4")
    os.mkfifo(fifo)

    def attempt(name, url, source, credentials_file=None, env=None):
        folder = os.path.join(scratch, "d-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-"))
        os.mkdir(folder)
        args = ["--source", source, "--detect", "qr,face", "--renderer", "cpu", "--preview", "none", "--quiet",
                "--frames", "30", "--publish", url, "--camera-name", "gate",
                "--events", "out.jsonl", "--events-kind", "objects", "--record", "out.mp4", "--metrics", "out-metrics.json"]
        if credentials_file:
            args += ["--publish-credentials", credentials_file]
        began = time.monotonic()
        iris = Iris(args, cwd=folder, env=env)
        try:
            rc = iris.process.wait(10)
        except subprocess.TimeoutExpired:
            raise Failure(f"{name}: iris still runs after 10 s (did it open the source, a FIFO no one writes, "
                          f"before trying the broker?): {' '.join(iris.args)}")
        return rc, iris.stderr(), time.monotonic() - began, sorted(os.listdir(folder)), folder

    def refused(name, url, culprit, reasons, **kw):
        rc, stderr, took, left, _ = attempt(name, url, fifo, **kw)
        if rc == 0:
            raise Failure(f"{name}: iris exited 0 with {url}:\n{stderr}")
        if culprit not in stderr or not any(r in stderr.lower() for r in reasons):
            raise Failure(f"{name}: the message should name {culprit} and say why ({' or '.join(reasons)}):\n{stderr}")
        if left:
            raise Failure(f"{name}: files left behind by a run that could not start: {left}")
        message = next((line.strip() for line in stderr.splitlines() if culprit in line), "")
        passed(f"{name}: exit {rc} in {took:.2f} s, before opening the source, no file left; {message}")

    # A control first: the right credentials (from the environment) are accepted by the same broker.
    env = dict(os.environ, IRIS_MQTT_USERNAME="iris", IRIS_MQTT_PASSWORD=users["iris"])
    rc, stderr, took, left, folder = attempt("right-credentials", f"mqtt://127.0.0.1:{secure.port}/{PREFIX}", CLIP, env=env)
    if rc != 0 or "out.jsonl" not in left:
        raise Failure(f"the right credentials (IRIS_MQTT_USERNAME/PASSWORD) were not accepted: exit {rc}, files {left}:\n{stderr}")
    passed(f"control: the password broker accepts the right credentials from the environment (exit 0 in {took:.1f} s)")

    broker_name = f"127.0.0.1:{secure.port}"
    with open(credentials, "w") as f:
        f.write("iris:wrong-password\n")
    refused("wrong credentials", f"mqtt://127.0.0.1:{secure.port}/{PREFIX}", broker_name,
            ["password", "not authorized", "refused"], credentials_file=credentials)
    refused("anonymous client refused", f"mqtt://127.0.0.1:{secure.port}/{PREFIX}", broker_name,
            ["not authorized", "refused"])
    refused("bad URL (port 99999)", f"mqtt://127.0.0.1:99999/{PREFIX}", "99999", ["port"])
    refused("bad URL (http://)", f"http://127.0.0.1:{secure.port}/{PREFIX}", f"http://127.0.0.1:{secure.port}/{PREFIX}",
            ["mqtt://"])
    closed = free_port()
    refused("unreachable port", f"mqtt://127.0.0.1:{closed}/{PREFIX}", f"127.0.0.1:{closed}",
            ["cannot be reached", "refused"])


def main():
    global CLIP
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, lambda *_: sys.exit(f"mqtt-test: stopped by signal"))
    try:
        CLIP = make_clip()
        broker = Broker().start()
        note(f"mosquitto on 127.0.0.1:{broker.port}; iris {IRIS}; clip {CLIP} (a QR code and a face for 1 s "
             f"every {CYCLE} s, 320×240, {FPS} fps, looped)")
        run_a(broker)
        run_b(broker)
        run_c(broker)
        run_e()
        run_d()
        check_summaries()
        print(f"[{elapsed()}] mqtt-test: all checks passed", flush=True)
        return 0
    except Failure as failure:
        print(f"[{elapsed()}] FAIL {failure}", file=sys.stderr, flush=True)
        print(f"mqtt-test: the files are kept in {scratch}", file=sys.stderr, flush=True)
        return 1
    except Exception:
        traceback.print_exc()
        print(f"[{elapsed()}] FAIL the test itself broke (above); the files are kept in {scratch}", file=sys.stderr, flush=True)
        return 1
    finally:
        for cleanup in reversed(cleanups):
            try:
                cleanup()
            except Exception:
                pass


if __name__ == "__main__":
    status = main()
    if status == 0 and not os.environ.get("MQTT_TEST_KEEP"):
        shutil.rmtree(scratch, ignore_errors=True)
    sys.exit(status)
