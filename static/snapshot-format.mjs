// The memory snapshot's file format (written by tools/snapshot.mjs, which documents it):
// reading a file back into the heap image Pyodide restores. A leaf module, with no state:
// pyodide-loader.mjs expands a stored snapshot, first-visit.mjs one fetched with the runtime.

const MAGIC = "EOSNAP02";

/**
 * The heap a snapshot file describes (format: tools/snapshot.mjs), and `fill(instance)`, which
 * copies the pages the file only names (as the wasm's data segments left them) from the memory
 * of a new instance of the wasm, before Pyodide restores the heap. Throws if malformed.
 */
export function expandSnapshot(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 32 || new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) {
    throw new Error("not an Eight Off snapshot");
  }
  const [heapBytes, pageBytes, count, namedCount, memoryOffset] = [8, 12, 16, 20, 24].map((at) => view.getUint32(at, true));
  const data = 32 + 4 * (count + namedCount);
  if (!pageBytes || data > bytes.length || bytes.length > data + count * pageBytes) {
    throw new Error("truncated snapshot");
  }
  const heap = new Uint8Array(heapBytes);
  for (let i = 0; i < count; i++) {
    const start = view.getUint32(32 + 4 * i, true) * pageBytes;
    const page = bytes.subarray(data + i * pageBytes, data + (i + 1) * pageBytes);
    if (start + page.length > heapBytes || (i < count - 1 && page.length < pageBytes)) {
      throw new Error("truncated snapshot");
    }
    heap.set(page, start);
  }
  const named = Array.from({ length: namedCount }, (_, i) => view.getUint32(32 + 4 * (count + i), true) * pageBytes);
  if (named.some((start) => start < memoryOffset || start >= heapBytes)) throw new Error("malformed snapshot");
  const fill = (instance) => {
    const memory = Object.values(instance.exports).find((value) => value instanceof WebAssembly.Memory);
    const source = new Uint8Array(memory.buffer);
    for (const start of named) {
      const end = Math.min(start + pageBytes, heapBytes);
      heap.set(source.subarray(start - memoryOffset, end - memoryOffset), start);
    }
  };
  return { heap, fill };
}
