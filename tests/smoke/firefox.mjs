// Firefox for the smoke suite: puppeteer-core (package.json) drives Debian's Firefox ESR over
// WebDriver BiDi, no geckodriver. tests/smoke/drivers.py runs this script and speaks to it in
// JSON lines, one request and one answer at a time, so the scenario stays in Python:
//
//   argv[2]: {"executable": path, "viewport": {"width", "height"}, "host": "127.0.0.1:N"}
//   first line out: {"ready": true, "version": "firefox/153.8.0"}
//   in:  {"id": 1, "op": "goto" | "reload" | "run" | "drag" | "taps" | "press" | "screenshot" | "problems" | "close", ...}
//   out: {"id": 1, "value": ...} or {"id": 1, "error": "message"}
//
// What the page must never do (a console error, an uncaught error, a request to another host)
// is recorded from the start of every load and handed over by "problems".
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const NAVIGATION_TIMEOUT_MS = 180_000;
const options = JSON.parse(process.argv[2]);
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: options.executable,
  headless: true,
  defaultViewport: options.viewport,
});
const page = (await browser.pages())[0] ?? (await browser.newPage());
page.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
page.setDefaultTimeout(NAVIGATION_TIMEOUT_MS);

let problems = [];
page.on("console", (message) => {
  if (message.type() === "error") {
    const where = message.location();
    problems.push(`console error: ${message.text()} (${where.url ?? ""}:${where.lineNumber ?? ""})`);
  }
});
page.on("pageerror", (error) => problems.push(`page error: ${error.message ?? error}`));
page.on("request", (request) => {
  const url = new URL(request.url());
  if (!["data:", "blob:", "about:"].includes(url.protocol) && url.host !== options.host) {
    problems.push(`request to a foreign host: ${request.method()} ${request.url()}`);
  }
});

const ops = {
  goto: ({ url }) => page.goto(url, { waitUntil: "load" }).then(() => null),
  reload: () => page.reload({ waitUntil: "load" }).then(() => null),
  // `source` is a JavaScript function (it may be async); its result must be JSON.
  run: ({ source, args }) => page.evaluate(`(${source})(...${JSON.stringify(args)})`),
  // Real pointer input (BiDi input.performActions): press at the first point, move through
  // the others, release at the last.
  drag: async ({ points }) => {
    const [[x0, y0], ...rest] = points;
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    for (const [x, y] of rest) await page.mouse.move(x, y);
    await page.mouse.up();
    return null;
  },
  // Taps at each point, `gap` ms from one press to the next, by the mouse or a finger
  // (`touch`): one BiDi input.performActions whose pauses Firefox keeps itself.
  taps: async ({ points, gap, touch }) => {
    const actions = points.flatMap(([x, y], number) => [
      ...(number ? [{ type: "pause", duration: gap }] : []),
      { type: "pointerMove", x: Math.round(x), y: Math.round(y) },
      { type: "pointerDown", button: 0 },
      { type: "pointerUp", button: 0 },
    ]);
    await page.mainFrame().browsingContext.performActions([
      { type: "pointer", id: touch ? "smoke-finger" : "smoke-mouse", parameters: { pointerType: touch ? "touch" : "mouse" }, actions },
    ]);
    await page.mainFrame().browsingContext.releaseActions();
    return null;
  },
  // Real key presses (BiDi input.performActions), in turn: names as KeyboardEvent.key
  // gives them ("ArrowUp", "Home", "Enter", "Tab"), "Space" for the space bar.
  press: async ({ keys }) => {
    for (const key of keys) await page.keyboard.press(key === "Space" ? " " : key);
    return null;
  },
  screenshot: ({ path }) => page.screenshot({ path }).then(() => null),
  problems: () => {
    const found = problems;
    problems = [];
    return found;
  },
  close: async () => {
    await browser.close();
    return null;
  },
};

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
send({ ready: true, version: await browser.version() });

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const { id, op, ...params } = JSON.parse(line);
  try {
    if (!(op in ops)) throw new Error(`unknown op ${op}`);
    send({ id, value: (await ops[op](params)) ?? null });
  } catch (error) {
    send({ id, error: String(error?.stack ?? error) });
  }
  if (op === "close") break;
}
await browser.close().catch(() => {});
