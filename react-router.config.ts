import { type Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets a measurement build run beside the regular one.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: { v8_viteEnvironmentApi: true },
} satisfies Config;
