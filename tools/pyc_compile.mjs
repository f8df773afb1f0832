// Compile Python to .pyc with the very Pyodide build that will run it in the browser.
//
//   node tools/pyc_compile.mjs <pyodide dir> stdlib <output zip>
//       Pyodide's standard library zip with every .py replaced by an unchecked-hash .pyc
//       (zipimport reads name.pyc beside where name.py was); passed to loadPyodide() as
//       `stdLibURL`, it spares the browser compiling the stdlib at every boot. Modules a
//       game page never imports (REPL, debugger, test frameworks, processes, mail and
//       network servers) are left out: about 2 MB less to download, copy and index.
//   node tools/pyc_compile.mjs <pyodide dir> package <input zip> <output zip>
//       A zip of our package with __pycache__/name.cpython-3XX.pyc (unchecked hash) added
//       beside each .py, which stays for tracebacks.
// What the .pyc leave out, for fewer bytes on the wire and in the interpreter's heap (so in
// the memory snapshot): the docstrings of modules and functions (a class keeps its own:
// dataclasses and enums read it), and the column ranges of each instruction (PEP 657's
// `-X no_debug_ranges`, here PYTHONNODEBUGRANGES in the compiling interpreter): a traceback
// still names each line, without the carets under the failing expression. `-OO` leaves out
// the docstrings too (and the asserts, which stay here), and the standard library is made
// to run without them. Measured (docs/performance.md, "Bytes"): the standard library's
// zip 2.31 -> 1.57 MB brotli (in its two parts), the memory snapshot 2.89 -> 2.47 MB.
// Outputs are reproducible: sorted entries, fixed timestamps.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, mode, ...paths] = process.argv.slice(2);
const usage = "usage: node tools/pyc_compile.mjs <pyodide dir> (stdlib <out> | package <in> <out>)";
if (!pyodideDir || !((mode === "stdlib" && paths.length === 1) || (mode === "package" && paths.length === 2))) {
  console.error(usage);
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", env: { PYTHONNODEBUGRANGES: "1" } });

const program = `
import ast, importlib.util, importlib._bootstrap_external as ext, sys, zipfile

if next(compile("a+b", "", "eval").co_positions())[2] is not None:
    raise SystemExit("pyc_compile: the compiler still writes column ranges (PYTHONNODEBUGRANGES)")

# Top-level stdlib names left out of the browser stdlib (see the header comment).
UNUSED = {
    "_pyrepl", "curses", "dbm", "doctest", "ensurepip", "ftplib", "idlelib", "imaplib",
    "mailbox", "multiprocessing", "nntplib", "pdb", "pickletools", "poplib", "pydoc",
    "pydoc_data", "smtplib", "tkinter", "turtle", "turtledemo", "unittest", "venv",
    "wsgiref", "xmlrpc",
}

def unused(name):
    top = name.split("/")[0]
    return top.removesuffix(".py") in UNUSED

def entry(name):
    return zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))

def without_docstrings(tree):
    """The module's and its functions' docstrings left out; each line keeps its number."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            first = body[0] if body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body = body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree

def pyc(source, filename):
    tree = without_docstrings(ast.parse(source, filename))
    code = compile(tree, filename, "exec", dont_inherit=True)
    return bytes(ext._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))

def compile_zip(src_path, out_path, mode):
    with zipfile.ZipFile(src_path) as src, zipfile.ZipFile(out_path, "w", zipfile.ZIP_STORED) as out:
        for info in sorted(src.infolist(), key=lambda i: i.filename):
            name = info.filename
            if name.endswith("/") or (mode == "stdlib" and unused(name)):
                continue
            data = src.read(info)
            if not name.endswith(".py"):
                out.writestr(entry(name), data)
            elif mode == "stdlib":
                try:
                    out.writestr(entry(name + "c"), pyc(data, f"{src_path}/{name}"))
                except SyntaxError:
                    out.writestr(entry(name), data)  # keep what does not compile as source
            else:
                folder, _, stem = name[:-3].rpartition("/")
                cached = f"{folder}/__pycache__/" if folder else "__pycache__/"
                out.writestr(entry(name), data)
                out.writestr(entry(f"{cached}{stem}.{sys.implementation.cache_tag}.pyc"), pyc(data, name))
`;
pyodide.runPython(program);
const compileZip = pyodide.globals.get("compile_zip");
if (mode === "stdlib") {
  const stdlib = pyodide.runPython("next(p for p in sys.path if p.endswith('.zip'))");
  compileZip(stdlib, "/tmp/out.zip", "stdlib");
} else {
  pyodide.FS.writeFile("/tmp/in.zip", readFileSync(paths[0]));
  compileZip("/tmp/in.zip", "/tmp/out.zip", "package");
}
const output = paths[paths.length - 1];
writeFileSync(output, pyodide.FS.readFile("/tmp/out.zip"));
console.log(`pyc_compile: wrote ${output} with Pyodide ${pyodide.version}`);
