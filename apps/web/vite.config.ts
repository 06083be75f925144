import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const server = "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    proxy: {
      "/api": server,
      "/healthz": server,
      "/files": server,
    },
  },
  build: {
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
    // The bundle-budget test (bundle-budget.test.ts) reads which chunks each screen loads from here.
    manifest: true,
    rolldownOptions: {
      output: {
        // Rolldown's `codeSplitting.groups` replaces Rollup's `manualChunks`. Only React and its router
        // are grouped: every screen needs them at start and they rarely change, so they stay cached
        // across deployments. antd is left to automatic splitting so each screen loads only the
        // components it uses: grouping all of antd made the first load half again as large, and a
        // group of its core (theme, CSS-in-JS, config provider) took their dependencies along (form,
        // popups, buttons), 4 KB more on the login screen and 8 KB more on the error screens.
        codeSplitting: {
          groups: [{ name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 }],
        },
      },
    },
  },
});
