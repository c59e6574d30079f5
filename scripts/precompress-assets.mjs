// Writes a .br and a .gz beside every compressible file of the storefront's client build, so the
// server sends them as they are (@fastify/static preCompressed) instead of compressing per request.
// Usage: node scripts/precompress-assets.mjs <client build dir>
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

const root = process.argv[2];
if (!root || !fs.existsSync(root)) {
  console.error(`precompress-assets: no such directory: ${root}`);
  process.exit(1);
}
let count = 0;
for (const file of files(root)) {
  const bytes = fs.readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  count += 1;
}
console.log(`precompress-assets: ${count} files in ${root} (.br, .gz)`);
