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
        // Rolldown's `codeSplitting.groups` replaces Rollup's `manualChunks`. Only code every page
        // needs at start is grouped: React and antd's core (theme, CSS-in-JS, config provider)
        // rarely change, so they stay cached across deployments. antd components are left to
        // automatic splitting so each lazy screen loads only the components it uses; grouping all
        // of antd made the first load half again as large.
        codeSplitting: {
          groups: [
            { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            {
              name: "antd-core",
              test: /[\\/]node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|@rc-component[\\/]util|antd[\\/]es[\\/](config-provider|theme|_util|locale|style))[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
