/**
 * Builds app/ against one SDK module: `node build-app.mjs <module> <outDir>`. Its own process,
 * run with NODE_ENV=production: under vitest NODE_ENV is "test", and Vite's React transform
 * would then emit the development JSX runtime.
 */
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const [module, outDir] = process.argv.slice(2);
await build({
  root: fileURLToPath(new URL("../app", import.meta.url)),
  logLevel: "error",
  configFile: false,
  plugins: [react()],
  resolve: { alias: module === "@stackframe/react" ? [] : [{ find: /^@stackframe\/react$/, replacement: module }] },
  build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4096 },
});
