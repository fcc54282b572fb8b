import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./config";

// Configuration is checked when the Worker first reads it: a wrong value stops it with a message
// naming the variable, never a silent default.

const configWith = (env: Partial<Env>) => readConfig({ APP_ENV: "test", ...env } as Env);

describe("readConfig", () => {
  it("takes unset and empty settings as their defaults", () => {
    const config = configWith({ APP_ORIGIN: "", EMAIL_API_URL: undefined });
    expect(config.deal).toEqual({ feeBps: 500, releaseAfterHours: 168 });
    expect(readConfig({} as Env).appEnv).toBe("production");
  });

  it("names every wrong variable at once, and what it must be", () => {
    const wrong = () => configWith({ APP_ENV: "prod", APP_ORIGIN: "autoreseller.example", EMAIL_API_URL: "ftp://mail.example" });
    expect(wrong).toThrow(ConfigError);
    expect(wrong).toThrow(/APP_ENV must be production, development or test/);
    expect(wrong).toThrow(/APP_ORIGIN must be the public origin for links in emails, an absolute http:\/\/ or https:\/\/ URL/);
    expect(wrong).toThrow(/EMAIL_API_URL must be/);
  });
});
