// Make a Pyodide memory snapshot with the very Pyodide build the page runs.
//
//   node tools/snapshot.mjs <pyodide dir> <stdlib zip> <package zip> <imports list> <output>
//
// Boots Pyodide under Node as static/pyodide-loader.mjs boots it in the page (the same
// runtime files, the .pyc standard library as stdLibURL, so zipimport finds the same zip at
// the same offsets), unpacks our package where the page's loader puts it
// (/home/pyodide/eightoff), imports the standard-library modules the page imports (the list
// recorded from a run of the page, tools/sitebuild/first_imports.txt) and
// every module of ours (the thin modules of the DOM layer against stand-ins for the browser
// names they take from PyScript, which the page rebinds: eightoff/web/__init__.py), and writes the heap (`makeMemorySnapshot`, a private Pyodide API: the pinned
// version is the one it was written for). Loaded with `_loadSnapshot`, it replaces the
// interpreter's bootstrap and those imports. Only modules that touch no JavaScript object at
// import time may be imported here: a JavaScript reference in the heap must be found again
// from globalThis by its path. The snapshot holds our modules' code, so it belongs to one
// build of the package (tools/sitebuild/snapshot.py names it by content).
// It fails when the heap grew past the wasm's initial memory (31,457,280 bytes for Pyodide
// 314.0.7), which is all Pyodide restores a snapshot into, and prints the headroom left.
//
// Output format (little-endian): most of the 31 MB heap is zero pages, and about 3.4 MB of it
// is the wasm's own data segments unchanged, which the page already has (the instance's memory
// holds them once instantiated). So only the pages holding a non-zero byte are kept (free memory
// is zeroed first), and of those, the pages equal to the memory the wasm's data segments make
// are named, not written (about 11.5 MB written, 2.9 MB brotli):
//   "EOSNAP02"  u32 heap bytes  u32 page size  u32 written pages  u32 named pages
//               u32 memory offset (where the memory starts in the heap image: Pyodide's header)
//               u32 0
//   u32 page index × written pages, u32 page index × named pages, then the written pages (the
//   last one cut at the heap's end).
// static/snapshot-format.mjs expands it back (`expandSnapshot`) and copies the named pages from
// the new instance's memory before Pyodide restores the heap.
import nodeCrypto from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const PAGE = 4096;

const [pyodideDir, stdlib, packageZip, imports, output] = process.argv.slice(2);
if (!pyodideDir || !stdlib || !packageZip || !imports || !output) {
  console.error("usage: node tools/snapshot.mjs <pyodide dir> <stdlib zip> <package zip> <imports list> <output>");
  process.exit(2);
}
// Two builds of one commit must write the same snapshot (a new one makes every returning
// player download it again): the heap would otherwise keep the build's moment (file times,
// clocks read at import) and its entropy (the hash seed, `random`'s state). So the
// interpreter made here reads a clock that starts at a fixed date and ticks 1 ms a read, and
// random bytes from a fixed seed. This changes nothing for players beyond what a snapshot
// always did: every page booted from one snapshot starts from that same heap; `secrets` and
// os.urandom read the page's own crypto after the restore.
const EPOCH_MS = Date.UTC(2020, 0, 1);
let ticks = 0;
const clock = () => EPOCH_MS + ticks++;
Date.now = clock;
performance.now = () => ticks++;
let seed = 0x9e3779b9;
const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0);  // a fixed LCG: repeatable, not secret
const fill = (array) => {
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  for (let i = 0; i < bytes.length; i++) bytes[i] = next() >>> 24;
  return array;
};
crypto.getRandomValues = fill;
nodeCrypto.randomFillSync = fill;  // what Emscripten's random device reads under Node
Math.random = () => next() / 2 ** 32;
// Nor the build's folder: Emscripten names the program (the `_` of Python's environment)
// after Node's argv[1], this script's absolute path.
process.argv[1] = "tools/snapshot.mjs";
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: resolve(pyodideDir) + "/",
  stdLibURL: resolve(stdlib),
  _makeSnapshot: true,
});
// The standard-library modules the page imports (the bootstrap's, PyScript's, ours): the list
// recorded from a run of the page (tools/sitebuild/first_imports.txt, one a line).
const stdlibImports = readFileSync(imports, "utf8")
  .split("\n")
  .map((line) => line.split("#")[0].trim())
  .filter((name) => name && !name.startsWith("eightoff"));
pyodide.runPython(stdlibImports.map((name) => `import ${name}\n`).join(""));
pyodide.FS.writeFile("/tmp/eightoff.zip", new Uint8Array(readFileSync(packageZip)));
const ours = pyodide.runPython(`
def _import_ours():
    import gc, importlib, os, pkgutil, sys, types, zipfile

    class StandIn:
        """A browser object while the snapshot is made: any use at import time fails the build."""

        __slots__ = ("key",)

        def __init__(self, key):
            object.__setattr__(self, "key", key)

        def __getattr__(self, name):
            raise RuntimeError(f"{self.key}.{name} used at import time")

        def __call__(self, *args, **kwargs):
            raise RuntimeError(f"{self.key}() called at import time")

    for name, attributes in (("pyscript", ("document", "window")), ("pyscript.ffi", ("create_proxy", "is_none", "to_js"))):
        module = types.ModuleType(name)
        module.__path__ = []
        for attribute in attributes:
            setattr(module, attribute, StandIn(f"{name}.{attribute}"))
        sys.modules[name] = module
    with zipfile.ZipFile("/tmp/eightoff.zip") as package:
        package.extractall("/home/pyodide/eightoff")
    os.remove("/tmp/eightoff.zip")
    os.chdir("/home/pyodide")  # as in the page, where sys.path's "" finds the package
    imported = []
    for module in pkgutil.walk_packages([os.path.abspath("eightoff")], "eightoff."):
        if module.name in ("eightoff.__main__", "eightoff.cli"):  # the command line, not the page
            continue
        try:
            importlib.import_module(module.name)
            imported.append(module.name)
        except ImportError as error:  # a browser name no stand-in stands for
            if error.name not in ("pyscript", "pyscript.ffi", "js"):
                raise
    for name in ("pyscript.ffi", "pyscript"):  # the page's PyScript brings its own
        sys.modules.pop(name).__dict__.clear()
    places, found = [], set()
    for name, module in sorted(sys.modules.items()):
        if name == "eightoff" or name.startswith("eightoff."):
            for attribute, value in vars(module).items():
                if isinstance(value, StandIn):
                    places.append((name, attribute, value.key))
                    found.add(id(module.__dict__))
    # Every stand-in is held by a module global listed here, and nothing else: the page
    # rebinds exactly those (eightoff.web.rebind).
    gc.collect()
    objects = gc.get_objects()
    for value in objects:
        if isinstance(value, StandIn):
            for holder in gc.get_referrers(value):
                if id(holder) not in found and holder is not objects and not isinstance(holder, types.FrameType):
                    raise RuntimeError(f"{value.key} is held outside a module global: {type(holder)}")
    sys.modules["eightoff.web"].STAND_INS = tuple(places)
    return " ".join(imported)


ours = _import_ours()
del _import_ours
ours
`);
const wasmBytes = readFileSync(resolve(pyodideDir, "pyodide.asm.wasm"));
const limit = initialMemoryBytes(wasmBytes);
const brk = pyodide._module._sbrk(0);
zeroUnusedMemory(pyodide._module);
const heap = pyodide.makeMemorySnapshot();
// Pyodide restores a snapshot by copying it into the memory of a new instance, which holds the
// wasm's initial memory and no more (pyodide issue 6254): a heap that grew past it would be
// refused on every visit (each then booting the slow way and downloading it again).
const memoryBytes = pyodide._module.HEAPU8.length;
if (memoryBytes > limit) {
  console.error(
    `snapshot: the heap grew to ${memoryBytes.toLocaleString("en")} bytes, past the wasm's initial memory of ` +
      `${limit.toLocaleString("en")} bytes: Pyodide could not restore it (pyodide issue 6254). ` +
      "Import less into the snapshot (tools/snapshot.mjs) or make what it imports smaller.",
  );
  process.exit(1);
}

// Pyodide's snapshot is its header (magic, the memory's offset in the image …), then the memory.
const memoryOffset = new DataView(heap.buffer, heap.byteOffset).getUint32(4, true);
const initial = initialMemory(wasmBytes);
const pages = [];
const named = [];
for (let start = 0; start < heap.length; start += PAGE) {
  const page = heap.subarray(start, Math.min(start + PAGE, heap.length));
  const at = start - memoryOffset;
  if (at >= 0 && at + page.length <= initial.length && equal(page, initial.subarray(at, at + page.length))) {
    if (page.some((byte) => byte !== 0)) named.push(start / PAGE);
  } else if (page.some((byte) => byte !== 0)) {
    pages.push(start / PAGE);
  }
}
const headerBytes = 32 + 4 * (pages.length + named.length);
const out = new Uint8Array(headerBytes + pages.length * PAGE);
out.set(new TextEncoder().encode("EOSNAP02"));
const view = new DataView(out.buffer);
[heap.length, PAGE, pages.length, named.length, memoryOffset, 0].forEach((value, i) => view.setUint32(8 + 4 * i, value, true));
[...pages, ...named].forEach((index, i) => view.setUint32(32 + 4 * i, index, true));
pages.forEach((index, i) => out.set(heap.subarray(index * PAGE, (index + 1) * PAGE), headerBytes + i * PAGE));
const last = pages.at(-1);
const size = pages.length ? headerBytes + (pages.length - 1) * PAGE + (Math.min((last + 1) * PAGE, heap.length) - last * PAGE) : headerBytes;
writeFileSync(output, out.subarray(0, size));
console.log(
  `snapshot: wrote ${output} (${(size / 1e6).toFixed(1)} MB of a ${(heap.length / 1e6).toFixed(1)} MB heap; ` +
    `${named.length} pages as the wasm's data segments left them, named only) ` +
    `with Pyodide ${pyodide.version}; imported ${ours}`,
);
// The headroom: what the heap's break may still rise before the memory would have to grow.
console.log(
  `snapshot: heap ${memoryBytes.toLocaleString("en")} of the wasm's initial ${limit.toLocaleString("en")} bytes; ` +
    `its break at ${brk.toLocaleString("en")}: ${(limit - brk).toLocaleString("en")} bytes of headroom`,
);

/**
 * Zeroes the memory no one uses any more, which would otherwise go into the snapshot as the
 * bytes last written there (the file keeps only pages holding a non-zero byte, and brotli
 * packs zeros best): the C stack below its current top, and every free block of the
 * allocator below its break. The free blocks are claimed with malloc, largest first, zeroed
 * and freed again; a block past the break (the heap would grow) is given back at once.
 */
function zeroUnusedMemory(module) {
  const top = module._sbrk(0);
  const held = [];
  for (let size = 1 << 22; size >= 16; size >>= 1) {
    for (;;) {
      // A block malloc takes above the break must fit in the memory as it is: a claim that
      // grew the memory would grow the heap the snapshot restores (past what it may be).
      if (module.HEAPU8.length - module._sbrk(0) < 2 * size) break;
      const block = module._malloc(size);
      if (!block) break;
      if (block + size > top) {
        module._free(block);
        break;
      }
      module.HEAPU8.fill(0, block, block + size);
      held.push(block);
    }
  }
  for (const block of held) module._free(block);
  // The stack grows down from its base; what lies between its end and the current top is unused
  // (a margin is kept for the frames of this very call).
  module.HEAPU8.fill(0, module._emscripten_stack_get_end(), module._emscripten_stack_get_current() - 1024);
}

/** The initial size of the wasm's memory in bytes: its memory section's (or its memory
 * import's) initial count of 64 KiB pages. Fails the build if it declares none. */
function initialMemoryBytes(wasm) {
  let at = 8;
  const leb = () => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = wasm[at++];
      result += (byte & 0x7f) * 2 ** shift;
      shift += 7;
      if (byte < 0x80) return result;
    }
  };
  const name = () => {
    const length = leb();
    at += length;
  };
  const limits = () => {
    const flags = wasm[at++];
    const initial = leb();
    if (flags & 1) leb();
    return initial * 65536;
  };
  while (at < wasm.length) {
    const id = wasm[at++];
    const size = leb();
    const end = at + size;
    if (id === 5 && leb() >= 1) return limits();
    if (id === 2) {
      for (let count = leb(); count > 0; count--) {
        name();
        name();
        const kind = wasm[at++];
        if (kind === 2) return limits();
        if (kind === 0) leb();
        else if (kind === 1) (at++, limits());
        else if (kind === 3) at += 2;
        else if (kind === 4) (at++, leb());
      }
    }
    at = end;
  }
  throw new Error("snapshot: the wasm declares no memory");
}

function equal(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The memory a new instance of `wasm` starts with: its active data segments written at their
 * offsets (the page copies them from the instance itself). Fails the build if the module is not
 * as this expects (a passive segment, an offset that is not a constant).
 */
function initialMemory(wasm) {
  let at = 8;
  const leb = (signed = false) => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = wasm[at++];
      result |= BigInt(byte & 0x7f) << shift;
      shift += 7n;
      if (byte < 0x80) {
        if (signed && byte & 0x40) result -= 1n << shift;
        return Number(result);
      }
    }
  };
  const segments = [];
  while (at < wasm.length) {
    const id = wasm[at++];
    const size = leb();
    const end = at + size;
    if (id === 11) {
      for (let count = leb(); count > 0; count--) {
        if (leb() !== 0 || wasm[at++] !== 0x41) throw new Error("snapshot: a data segment that is not active at a constant offset");
        const offset = leb(true);
        if (wasm[at++] !== 0x0b) throw new Error("snapshot: a data segment's offset is not a constant");
        const length = leb();
        segments.push([offset, wasm.subarray(at, at + length)]);
        at += length;
      }
    }
    at = end;
  }
  const memory = new Uint8Array(Math.max(0, ...segments.map(([offset, bytes]) => offset + bytes.length)));
  for (const [offset, bytes] of segments) memory.set(bytes, offset);
  return memory;
}
