"""The web preview's acceptance test: a real browser (headless Chromium through Selenium) opens the page that
`iris run --preview` serves and the checks judge what a person would see, from screenshots of the <img>
that plays the MJPEG stream, rather than from the server's own account of itself. Run by
tools/web-preview-test, which picks the iris binary (IRIS) and the Python that has selenium and Pillow.

Each check prints a line when it passes; the first failure prints why and exits 1. iris and chromedriver
(with its Chromium) are stopped whatever happens.
"""

import io
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from PIL import Image, ImageChops, ImageStat
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORDING = "Recordings/demo-640x480.mp4"
TRUTH = "Recordings/demo-640x480.truth.json"
SCREENSHOT = os.path.join(REPO, "docs/images/web-preview.png")

# Thresholds, with the figures a passing run measures beside them (the final report prints each one).
MIN_STDDEV = 20.0            # luma spread of a frame; a flat picture has ~0, the demo ~70
MIN_FRAME_CHANGE = 2.0       # mean |difference| of two frames 1 s apart; the pan makes it 20 or more
MIN_SEPIA_GAIN = 0.4         # rise in the share of pixels with sepia's colour balance (sepia_share): ~0.1 → ~0.9
NO_SIGNAL_GREY = 48          # NoSignalPicture's background level

started = time.monotonic()
iris = None
driver = None
scratch = tempfile.mkdtemp(prefix="iris-web-preview-test.")


def elapsed():
    return f"{time.monotonic() - started:5.1f}s"


def passed(message):
    print(f"[{elapsed()}] ok   {message}", flush=True)


class Failure(Exception):
    pass


def wait_for(what, probe, timeout, interval=0.1):
    """Polls `probe` until it returns something truthy; a fixed sleep would be either flaky on a loaded
    machine or slow on an idle one."""
    deadline = time.monotonic() + timeout
    last_error = None
    while True:
        try:
            value = probe()
            if value:
                return value
        except (OSError, WebDriverException, ValueError) as error:
            last_error = error
        if time.monotonic() > deadline:
            raise Failure(f"timed out after {timeout:.0f} s waiting for {what}"
                          + (f" (last error: {last_error})" if last_error else ""))
        time.sleep(interval)


# --- HTTP, straight to the server (no browser), for what a page cannot show: status codes --------------

def http(method, path, token=None, body=None, query_token=False):
    """(status, headers, body bytes); an HTTP error status is an answer here, not an exception."""
    url = f"{base}{path}"
    if query_token:
        url += ("&" if "?" in url else "?") + f"token={token}"
    request = urllib.request.Request(url, method=method, data=None if body is None else json.dumps(body).encode())
    if token and not query_token:
        request.add_header("Authorization", f"Bearer {token}")
    if body is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def chain_intensity(token):
    status, _, body = http("GET", "/api/chain", token)
    if status != 200:
        raise Failure(f"GET /api/chain answered {status}: {body[:200]!r}")
    chain = json.loads(body)
    inputs = {i["key"]: i for i in chain["filters"][0]["inputs"]}
    return chain["version"], inputs["inputIntensity"]["value"]


def first_stream_part(path):
    """The headers of the first part of an MJPEG stream (names lower-cased), read off the raw socket; the
    stream never ends while the run lasts, so no HTTP library would hand it back."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        data = b""
        # The response head, then (chunked) the first part's boundary line and headers.
        while data.count(b"\r\n\r\n") < 2:
            chunk = s.recv(65536)
            if not chunk:
                raise Failure(f"GET {path} closed before its first part: {data[:300]!r}")
            data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    if not head.startswith(b"HTTP/1.1 200") or b"multipart/x-mixed-replace;boundary=irisframe" not in head:
        raise Failure(f"GET {path} answered {head[:300]!r}, not 200 multipart/x-mixed-replace;boundary=irisframe")
    lines = rest.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    boundary = lines.index("--irisframe") if "--irisframe" in lines else None
    if boundary is None:
        raise Failure(f"GET {path}'s first part lacks the --irisframe boundary: {lines}")
    return {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[boundary + 1:] if ":" in line)}


# --- Pictures --------------------------------------------------------------------------------------------

def stream_picture():
    """The <img id="stream"> as the browser paints it: an element screenshot, not the JPEG from the wire."""
    png = driver.find_element(By.ID, "stream").screenshot_as_png
    return Image.open(io.BytesIO(png)).convert("RGB")


def luma_stddev(picture):
    return ImageStat.Stat(picture.convert("L")).stddev[0]


def frame_change(a, b):
    if a.size != b.size:
        return 255.0
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def mean_saturation(picture):
    return ImageStat.Stat(picture.convert("HSV")).mean[1]


def sepia_share(picture):
    """The share of pixels whose colour has sepia's balance. The sepia matrix's rows are nearly
    proportional (sums 1.351, 1.203, 0.937), so at intensity 1 every pixel that is neither clipped nor dark
    gets the same G/R and B/R whatever colour it had: 0.89 and 0.69 in linear light, where Iris (like Core
    Image) applies colour matrices, so ~0.95 and ~0.85 in the sRGB the browser shows. At intensity 0 the
    demo's colours (an orange suit, a flag, a white-blue sky) mostly lie elsewhere. A ratio test rather
    than the mean saturation alone, which depends on what the panning camera happens to see."""
    small = picture.resize((160, 120))
    counted = sepia = 0
    for r, g, b in small.getdata():
        if r < 40 or r > 245:
            continue  # too dark for the ratios to mean much, or clipped
        counted += 1
        if 0.91 <= g / r <= 0.99 and 0.78 <= b / r <= 0.90:
            sepia += 1
    return sepia / counted if counted else 0.0


def colour_figures(picture):
    r, g, b = ImageStat.Stat(picture).mean
    return {"saturation": mean_saturation(picture), "sepiaShare": sepia_share(picture), "redMinusBlue": r - b}


def describe(figures):
    return ", ".join(f"{k} {v:.2f}" for k, v in figures.items())


# --- The run ---------------------------------------------------------------------------------------------

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_iris(port, token):
    global iris
    log = open(os.path.join(scratch, "iris.stderr"), "wb")
    iris = subprocess.Popen(
        [os.environ["IRIS"], "run", "--source", RECORDING, "--loop", "--realtime", "--detect", "qr,face",
         "--filter", "CISepiaTone inputIntensity=0", "--preview", f"http://127.0.0.1:{port}",
         "--preview-token", token, "--quiet"],
        cwd=REPO, stdout=subprocess.DEVNULL, stderr=log)


def iris_log():
    try:
        with open(os.path.join(scratch, "iris.stderr"), errors="replace") as f:
            return f.read()[-3000:]
    except OSError:
        return ""


def start_browser():
    global driver
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900",
                     # A profile of its own: two runs at once must not share cookies or lock each other out.
                     f"--user-data-dir={os.path.join(scratch, 'profile')}",
                     "--disable-dev-shm-usage", "--hide-scrollbars", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    service = Service(executable_path="/usr/bin/chromedriver", log_path=os.path.join(scratch, "chromedriver.log"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(15)


def text(element_id):
    return driver.find_element(By.ID, element_id).text


def main():
    global base, port
    token = secrets.token_hex(16)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with open(os.path.join(REPO, TRUTH)) as f:
        qr_messages = {o["message"] for frame in json.load(f)["frames"] for o in frame["objects"] if o["type"] == "qr"}

    start_iris(port, token)
    start_browser()  # Chromium starts while iris opens the recording

    def serving():
        if iris.poll() is not None:
            raise Failure(f"iris exited with {iris.returncode} before serving:\n{iris_log()}")
        try:
            status, _, _ = http("GET", "/snapshot.jpg", token)
        except OSError:
            return False  # not listening yet
        return status == 200  # 503 until the first frame is rendered
    wait_for("iris to serve its first frame", serving, timeout=20)
    if f"web preview: {base}/?token={token}" not in iris_log():
        raise Failure(f"iris's stderr lacks the URL with the token (web preview: {base}/?token=…):\n{iris_log()}")
    passed(f"iris serves {base} (its stderr prints the URL with the token)")

    # --- The page, opened as the printed URL says: the query's token becomes the cookie the stream uses.
    driver.get(f"{base}/?token={token}")
    wait_for("#state to read live", lambda: text("state") == "live", timeout=10)
    wait_for("the stream's first frame in <img id=stream>",
             lambda: driver.execute_script("return document.getElementById('stream').naturalWidth > 0"),
             timeout=10)
    size = driver.execute_script("const i = document.getElementById('stream'); return [i.naturalWidth, i.naturalHeight]")
    if size != [640, 480]:
        raise Failure(f"the stream's frames are {size[0]}×{size[1]}, not the recording's 640×480")
    passed("the page opens with ?token=, #state reads live, the stream plays 640×480 frames")

    first = stream_picture()
    spread = luma_stddev(first)
    if spread < MIN_STDDEV:
        first.save(os.path.join(scratch, "blank.png"))
        raise Failure(f"the stream looks blank: luma stddev {spread:.1f} < {MIN_STDDEV}")
    time.sleep(1.0)  # the one fixed wait: the test is that a second later the picture has moved on
    second = stream_picture()
    change = frame_change(first, second)
    if change < MIN_FRAME_CHANGE:
        raise Failure(f"the stream is frozen: two screenshots 1 s apart differ by {change:.2f} < {MIN_FRAME_CHANGE}")
    passed(f"the stream shows rendered frames (luma stddev {spread:.1f}) that move (1 s apart: mean |Δ| {change:.2f})")

    # --- Detections, as the page lists them from the event stream.
    def qr_listed():
        for item in driver.find_elements(By.CSS_SELECTOR, "#detections li"):
            for message in qr_messages:
                if f'qr "{message}"' in item.text:
                    return item.text
        return None
    item = wait_for("a QR detection in #detections", qr_listed, timeout=15)
    passed(f"#detections lists the QR code: {item[:100]}")
    for figure in ["fps", "viewers"]:
        wait_for(f"#{figure} to show a figure", lambda: text(figure) not in ("", "–"), timeout=5)
    passed(f"the header shows fps {text('fps')}, detector {text('detector')}, viewers {text('viewers')}")

    if os.environ.get("WEB_PREVIEW_SCREENSHOT") == "1":
        save_page_screenshot()

    # --- The slider: a real drag through the UI, judged by the colours of the stream.
    version_before, intensity = chain_intensity(token)
    if intensity != 0:
        raise Failure(f"the chain starts at inputIntensity {intensity}, not the 0 given with --filter")
    before = colour_figures(stream_picture())
    slider = wait_for("the CISepiaTone inputIntensity slider", lambda: driver.find_element(
        By.CSS_SELECTOR, 'input[type=range][data-filter="0"][data-key="inputIntensity"]'), timeout=5)
    maximum = float(slider.get_attribute("max"))
    # Press at the middle, pull well past the right end, let go: the browser clamps to max and fires
    # "change" on release, which is what the page POSTs on.
    ActionChains(driver).click_and_hold(slider).move_by_offset(slider.size["width"], 0).release().perform()
    if float(slider.get_attribute("value")) != maximum:
        raise Failure(f"dragging the slider left it at {slider.get_attribute('value')}, not its max {maximum}")

    def chain_at_maximum():
        version, value = chain_intensity(token)
        return (version, value) if value == maximum else None
    version_after, intensity = wait_for("GET /api/chain to report inputIntensity 1", chain_at_maximum, timeout=5)
    if version_after != version_before + 1:
        raise Failure(f"one drag changed the chain {version_after - version_before} times: the page should POST once, on release")
    passed(f"dragging the slider to its max ({maximum:g}) sets the chain: GET /api/chain reports inputIntensity "
           f"{intensity:g} (version {version_before} → {version_after}: one POST, on release)")
    if text("error"):
        raise Failure(f"the page shows an error after the drag: {text('error')}")

    def sepia_on_screen():
        figures = colour_figures(stream_picture())
        return figures if figures["sepiaShare"] - before["sepiaShare"] >= MIN_SEPIA_GAIN else None
    try:
        after = wait_for("the stream to turn sepia", sepia_on_screen, timeout=5, interval=0.2)
    except Failure as failure:
        raise Failure(f"{failure}: before {describe(before)}; now {describe(colour_figures(stream_picture()))}")
    passed(f"the stream turns sepia: before {describe(before)}; after {describe(after)}")

    # --- A value the descriptor refuses: 422, and the chain as it was.
    status, _, body = http("POST", "/api/chain/0", token, {"inputs": {"inputIntensity": 5}})
    if status != 422:
        raise Failure(f"POST /api/chain/0 inputIntensity 5 answered {status}, not 422: {body[:200]!r}")
    version, intensity = chain_intensity(token)
    if (version, intensity) != (version_after, maximum):
        raise Failure(f"the refused change altered the chain: version {version_after} → {version}, inputIntensity {intensity}")
    passed(f"an out-of-range inputIntensity (5) gets 422 ({json.loads(body).get('error', '')[:80]}) and leaves the chain as it was")

    # --- The token: nothing without it.
    status, headers, body = http("GET", "/")
    if status != 401 or b"token" not in body or "Bearer" not in (headers.get("WWW-Authenticate") or ""):
        raise Failure(f"GET / without the token answered {status} {body[:120]!r}, not 401 with a page and WWW-Authenticate")
    for path in ["/stream.mjpg", "/snapshot.jpg", "/events", "/api/chain"]:
        status, _, _ = http("GET", path, "wrong-token-0123456789")
        if status != 401:
            raise Failure(f"GET {path} with a wrong token answered {status}, not 401")
    passed("without the token the page gets 401 (and a wrong token gets 401 on the stream, snapshot, events, chain)")

    # --- What MJPEG clients other than browsers rely on: each part's headers (µStreamer's X-Frame and
    # X-Timestamp), under the mjpg-streamer URL they hard-code; and the counters that tell an operator
    # what the preview is doing, which must have seen the browser and the refusals above.
    part = first_stream_part(f"/?action=stream&token={token}")
    lag = time.time() - float(part["x-timestamp"])
    if part["content-type"] != "image/jpeg" or not part["x-frame"].isdigit() or not 0 <= lag < 5:
        raise Failure(f"/?action=stream's first part has headers {part}, not image/jpeg with X-Frame and a recent X-Timestamp")
    passed(f"/?action=stream sends JPEG parts with X-Frame {part['x-frame']} and X-Timestamp {lag * 1000:.0f} ms old")
    status, _, body = http("GET", "/metrics", token)
    web = json.loads(body)["metrics"]["web"]
    if status != 200 or web["unauthorized"] < 5 or web["framesSent"] < 10 or web["viewers"] < 1:
        raise Failure(f"GET /metrics answered {status} with web {web}: expected unauthorized ≥ 5, framesSent ≥ 10, viewers ≥ 1")
    passed(f"/metrics counts the web preview: viewers {web['viewers']}, framesEncoded {web['framesEncoded']}, "
           f"framesSent {web['framesSent']}, framesSkipped {web['framesSkipped']}, unauthorized {web['unauthorized']}")

    # --- The end: SIGTERM, a clean exit, the page says so, the stream's last frame is "no signal".
    iris.send_signal(signal.SIGTERM)
    term_sent = time.monotonic()
    try:
        code = iris.wait(timeout=8)
    except subprocess.TimeoutExpired:
        raise Failure(f"iris did not exit within 8 s of SIGTERM:\n{iris_log()}")
    took = time.monotonic() - term_sent
    if code != 0:
        raise Failure(f"iris exited with {code} after SIGTERM, not 0:\n{iris_log()}")
    passed(f"iris exits 0 {took:.1f} s after SIGTERM")

    def ended_shown():
        state = text("state")
        return state if state.startswith("ended: ") else None
    state = wait_for("#state to read ended: …", ended_shown, timeout=5)

    def no_signal_on_screen():
        picture = stream_picture()
        grey = picture.convert("L")
        near = sum(1 for v in grey.resize((160, 120)).getdata() if abs(v - NO_SIGNAL_GREY) <= 10) / (160 * 120)
        saturation = mean_saturation(picture)
        return (near, saturation, ImageStat.Stat(grey).mean[0]) if near >= 0.8 and saturation < 15 else None
    try:
        near, saturation, mean = wait_for("the stream's last frame to be the no-signal picture", no_signal_on_screen, timeout=5)
    except Failure as failure:
        stream_picture().save(os.path.join(scratch, "last-frame.png"))
        raise Failure(f"{failure} (kept in {scratch}/last-frame.png)")
    passed(f"#state reads \"{state}\"; the last frame is the no-signal picture ({near:.0%} grey ~{NO_SIGNAL_GREY}, "
           f"mean luma {mean:.0f}, saturation {saturation:.1f})")


def save_page_screenshot():
    """The whole page mid-run, for the README: shrunk to at most 1280 px wide and to a palette, so the PNG
    in git stays small."""
    wait_for("a few detections to show", lambda: len(driver.find_elements(By.CSS_SELECTOR, "#detections li")) >= 8, timeout=10)
    picture = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")
    if picture.width > 1280:
        picture = picture.resize((1280, round(picture.height * 1280 / picture.width)), Image.LANCZOS)
    picture = picture.quantize(colors=256, method=Image.MEDIANCUT, dither=Image.NONE)
    os.makedirs(os.path.dirname(SCREENSHOT), exist_ok=True)
    picture.save(SCREENSHOT, optimize=True)
    passed(f"saved the page's screenshot to {os.path.relpath(SCREENSHOT, REPO)} ({os.path.getsize(SCREENSHOT) // 1024} KiB)")


def cleanup(keep_files):
    """Stops iris, chromedriver and Chromium, whatever state the test left them in."""
    global driver
    if driver is not None:
        try:
            driver.quit()  # closes Chromium and stops the chromedriver service selenium started
        except Exception:
            pass
        driver = None
    if iris is not None and iris.poll() is None:
        iris.kill()
        iris.wait()
    if keep_files:
        print(f"web-preview-test: iris's stderr, chromedriver's log and any saved frames are in {scratch}", file=sys.stderr)
    else:
        shutil.rmtree(scratch, ignore_errors=True)


def on_signal(number, _frame):
    raise SystemExit(128 + number)


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    ok = interrupted = False
    try:
        main()
        ok = True
        print(f"web-preview-test: all checks passed in {time.monotonic() - started:.0f} s")
    except Failure as failure:
        print(f"[{elapsed()}] FAIL {failure}", file=sys.stderr, flush=True)
    except SystemExit:
        interrupted = True  # Ctrl-C or SIGTERM: nothing failed, so nothing is worth keeping
        raise
    finally:
        # A failure's logs and frames are kept: they are what tells why.
        cleanup(keep_files=not ok and not interrupted)
    sys.exit(0 if ok else 1)
